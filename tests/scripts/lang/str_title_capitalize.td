# title() and capitalize(): word starts follow cased letters, not spaces
print("hello world".title(), "HELLO wORLD".title(), "they're bill's friends".title())
print("3rd of may_2x".title(), "ǆungla ǅ Ǆ".title(), "ﬁsh straße".title())
print("élan vital ÉLAN".title(), "ωμέγα ΣΑΣ σας".title(), "пРИВЕТ мир".title())
print("hello World".capitalize(), "ÉCOLE".capitalize(), "ǆ".capitalize(), "ﬁsh".capitalize())
print("ΣΑΣ".capitalize(), "123abc".capitalize(), "".capitalize() == "", "".title() == "")
