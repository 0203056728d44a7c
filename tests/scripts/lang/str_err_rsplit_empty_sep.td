# rsplit: an empty separator is a ValueError
print("a b".rsplit(" ", 1))
print("a b".rsplit(sep="", maxsplit=1))
