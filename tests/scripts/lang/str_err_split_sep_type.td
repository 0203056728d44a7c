# split: the separator must be a str or None
print("a b".split(None))
print("a b".split(1))
