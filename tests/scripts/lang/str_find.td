# find/rfind: code point positions, start/end like slices (negative, None,
# beyond the end), empty substrings
s = "héllo wörld"
print(s.find("l"), s.rfind("l"), s.find("ö"), s.find("wö"), s.find("z"), s.rfind("z"))
print(s.find("l", 3), s.find("l", -3), s.find("l", 4, 9), s.rfind("l", 0, 4), s.rfind("l", -9, -6))
print(s.find("l", None, None), s.find("l", 2, None), s.rfind("o", None, 5), s.find("o", 100), s.find("o", -100))
print(s.find(""), s.rfind(""), s.find("", 5), s.rfind("", 2, 5), s.find("", 11), s.find("", 12), s.rfind("", 12))
print(s.find("l", 5, 2), s.find("", 5, 2), s.find("d", -1), s.find("ld", -1), s.find("h", True))
print("".find(""), "".find("a"), "".rfind(""), "aaa".find("aa"), "aaa".rfind("aa"))
print("日本語日本".find("本"), "日本語日本".rfind("本"), "日本語日本".find("本", 2), "😀a😀b".find("b"))
