# isalpha/isdecimal/isdigit/isnumeric/isalnum/isspace/isprintable/isascii
words = ["abc", "Ab1", "", "é", "ñandú", "Ωμέγα", "Привет", "日本", "123", "١٢٣", "²", "½", "Ⅷ", "五",
         " \t\n", "\x1c\x1f", "\xa0\u2003\u3000", "\u200b", "a b", "ab\n", "\x7f", "😀"]
for w in words:
    print(repr(w), w.isalpha(), w.isdecimal(), w.isdigit(), w.isnumeric(), w.isalnum(),
          w.isspace(), w.isprintable(), w.isascii())
