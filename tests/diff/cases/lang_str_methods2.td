s = "a-b-c"
print(s.split("-", 1), s.rsplit("-", 1), s.partition("-"), "x".zfill(3), "ab".center(6, "*"))
print("abc".ljust(5) + "|", "abc".rjust(5) + "|", "AbC".swapcase(), " ".isspace(), "a1".isalnum())
print("hello world".count("o"), "line1\nline2".splitlines(), "tEsT".lower().upper())
