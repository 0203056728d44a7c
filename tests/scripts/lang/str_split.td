# split: a separator, or runs of Python whitespace; maxsplit; keywords
print("a,b,,c".split(","), "a,b,,c".split(",", 1), "a,b,,c".split(",", 0), "a,b,,c".split(",", -5))
print("a::b::c".split("::"), "é|ö|ü".split("|"), "aéböc".split("é"), "".split(","), ",".split(","))
print("  a b \t c\n".split(), "".split(), "   ".split(), "a\x1cb\x1fc".split(), "a\xa0b\u3000c\u2003d".split())
print("  a b  c  ".split(None, 1), "  a b  c  ".split(None, 0), "a b c".split(maxsplit=1))
print("a-b-c".split(sep="-"), "a-b-c".split("-", maxsplit=1), "a b".split(sep=None), "a-b-c".split(maxsplit=1, sep="-"))
print("a b c".split(" ", True), "x\u2028y\x85z".split())
