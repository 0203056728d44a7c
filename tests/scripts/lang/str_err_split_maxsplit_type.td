# split: maxsplit must be an int
print("a b".split(" ", True))
print("a b".split(" ", "1"))
