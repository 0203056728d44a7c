# rsplit: splits from the right; maxsplit counts from the right
print("a,b,,c".rsplit(","), "a,b,,c".rsplit(",", 1), "a,b,,c".rsplit(",", 0), "aaa".rsplit("aa"), "aaa".split("aa"))
print("é|ö|ü".rsplit("|", 1), "".rsplit(","), "a::b::c".rsplit("::", maxsplit=1))
print("  a b  c  ".rsplit(), "  a b  c  ".rsplit(None, 1), "  a b  c  ".rsplit(None, 0), "a\xa0b\u3000c".rsplit(None, 1))
print("".rsplit(), "  ".rsplit(None, 1), "a b c".rsplit(sep=" ", maxsplit=1))
