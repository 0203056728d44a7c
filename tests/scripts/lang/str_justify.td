# center/ljust/rjust: widths in code points, one-character fill, CPython's centering
for w in ["a", "ab", "abc", "é", "日本"]:
    print("[" + w.center(5) + "]", "[" + w.center(6, "*") + "]", "[" + w.ljust(4, "é") + "]", "[" + w.rjust(4, "日") + "]")
print("abc".center(2), "abc".center(-1), "abc".ljust(3), "abc".rjust(0, "x"), "".center(3, "-"), "ab".center(4, "😀"))
print("[" + "a".center(4) + "]", "[" + "a".center(3) + "]", "[" + "ab".center(5) + "]", "[" + "ab".center(6) + "]")
