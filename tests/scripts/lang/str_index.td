# index/rindex: find/rfind that raise instead of returning -1
s = "abcabc éé"
print(s.index("b"), s.rindex("b"), s.index("c", 3), s.rindex("a", 0, 3), s.index("é"), s.rindex("é"))
print(s.index(""), s.rindex(""), s.index("bc", -6), s.rindex("abc", None, -4))
