# find: start/end must be ints or None
print("abc".find("c", None))
print("abc".find("c", 1.5))
