# split: an argument given by position and by name
print("a b".split(" ", maxsplit=1))
print("a b".split(" ", sep=" "))
