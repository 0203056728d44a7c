s = "Hello, World"
print(s.upper(), s.lower(), s.split(", "), s.split(), "a b  c".split(), len(s))
print("-".join(["a", "b", "c"]), s.startswith("Hell"), s.endswith("ld"), s.find("o"), s.find("z"))
print(s.replace("l", "L"), s.strip("H"), "  pad  ".strip(), "  pad  ".lstrip(), "  pad  ".rstrip())
print(s[0], s[-1], s[2:5], s[::-1], s[::2], s[100:], s[-3:])
print("ab" * 3, "a" + "b", "abc".index("c"), "aaa".count("a"), "x=%d" if False else "x")
print("title case".title(), "Cap".capitalize() if False else "Cap", "a,b,,c".split(","))
print(repr("it's"), repr('say "hi"'), repr("tab\there"), repr("nl\n"), str(12), str(1.5), str(None))
print("abc".isdigit(), "123".isdigit(), "abc".isalpha(), "{} and {}".format(1, "two"), "{0}{1}{0}".format("a", "b"))
