# split accepts only sep and maxsplit as keywords
print("a b".split(maxsplit=0))
print("a b".split(max=1))
