# ljust: the fill character must be a str
print("a".ljust(3, "-"))
print("a".ljust(3, 0))
