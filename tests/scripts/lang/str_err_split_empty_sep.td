# split: an empty separator is a ValueError
print("a b".split(" "))
print("a b".split(""))
