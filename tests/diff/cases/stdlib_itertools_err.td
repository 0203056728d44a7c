import itertools
print(list(itertools.islice("abc", 2)))
print(list(itertools.permutations("abc", -1)))
