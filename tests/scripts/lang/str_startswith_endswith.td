# startswith/endswith: str or tuple of str, start/end like slices
s = "héllo wörld"
print(s.startswith("hé"), s.startswith("é"), s.startswith("é", 1), s.startswith("llo", 2, 5), s.startswith("llo", 2, 4))
print(s.endswith("rld"), s.endswith("wö", 0, 8), s.endswith("wö", 0, -3), s.endswith("ö", -4, -3), s.endswith("d", 5, 100))
print(s.startswith(("x", "hé")), s.startswith(("x", "y")), s.startswith(()), s.endswith(("ld", 1)))
print(s.startswith(""), s.startswith("", 11), s.startswith("", 12), s.endswith("", 5, 2), s.endswith("", -100))
print(s.startswith("h", None), s.startswith("é", True), s.endswith("d", None, None), "".startswith(""), "".endswith("a"))
