# upper/lower/casefold/swapcase: ASCII, Latin-1, Latin Extended, Greek,
# Cyrillic, the multi-character mappings (SpecialCasing) and the final sigma
print("Hello, World 123".upper(), "Hello, World 123".lower(), "".upper() == "")
print("àéîõü ÿ ÀÉÎÕÜ Ÿ".upper(), "àéîõü ÿ ÀÉÎÕÜ Ÿ".lower())
print("ąčęłńšžő ĄČĘŁŃŠŽŐ ǅ".upper(), "ąčęłńšžő ĄČĘŁŃŠŽŐ ǅ".lower())
print("αβγ ΔΕΖ ά ΐ".upper(), "Привет, МИР ё Ё".upper(), "Привет, МИР ё Ё".lower())
print("straße".upper(), "ŉ ǰ ﬁ ﬀ և".upper(), len("ﬃ".upper()), "µ".upper())
print("İstanbul".lower(), len("İ".lower()), "ΣΑΣ ΟΔΟΣ Σ".lower(), "ΑΣ. ΑΣ'Α".lower())
print("Straße ΣΑΣ ﬁ µ ſ".casefold(), "ᏸᏹ".casefold(), "ǅ".casefold())
print("Hello ß ǅ ΣΑΣ Ǆ".swapcase(), "aBc123".swapcase(), "ﬁ".swapcase())
print("日本語 ok".upper(), "😀x".upper(), "x\u0301".upper())
