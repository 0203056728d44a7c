# join: the argument must be iterable
print("-".join(range(0)))
print("-".join(5))
