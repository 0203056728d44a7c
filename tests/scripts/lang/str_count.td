# count: non-overlapping, start/end like slices, empty substrings count positions
s = "ababa éé é"
print(s.count("a"), s.count("aba"), s.count("é"), s.count("éé"), s.count("x"), s.count(" "))
print(s.count("a", 1), s.count("a", 1, 3), s.count("a", -3), s.count("é", -4, -1), s.count("a", 100))
print(s.count(""), s.count("", 2), s.count("", 2, 5), s.count("", 5, 2), s.count("", 20), s.count("", -3))
print("".count(""), "".count("a"), "aaaa".count("aa"), "日本日本".count("日本"), "日本日本".count("本", 2))
