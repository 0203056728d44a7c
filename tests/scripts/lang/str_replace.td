# replace: count limits replacements; an empty old string inserts between code points
print("aaaa".replace("a", "b"), "aaaa".replace("a", "b", 2), "aaaa".replace("a", "b", 0), "aaaa".replace("a", "b", -1))
print("aaaa".replace("aa", "x"), "héllo".replace("é", "e"), "héllo".replace("l", "ł"), "abc".replace("x", "y"))
print("ab".replace("", "-"), "héé".replace("", "|"), "ab".replace("", "-", 2), "".replace("", "x"), "".replace("", "x", 0))
print("a.b.c".replace(".", ""), "日本日本".replace("本", "x", 1), "abc".replace("abc", ""))
