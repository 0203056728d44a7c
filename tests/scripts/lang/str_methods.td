# str methods
s = "  Hello, World  "
print(s.strip(), s.lower(), s.upper())
print("a,b,,c".split(","), " a  b ".split(), "a b c".split(" ", 1))
print("-".join(["x", "y", "z"]), "".join([]))
print("hello".startswith("he"), "hello".endswith("lo"), "hello".find("l"), "hello".find("z"))
print("hello".replace("l", "L"), "hello".count("l"), "123".isdigit(), "12a".isdigit())
print("{} + {} = {}".format(1, 2, 3), "{0}{1}{0}".format("a", "b"), "{x:.2f}".format(x=3.14159))
