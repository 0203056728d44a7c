# replace takes no keyword arguments
print("aa".replace("a", "b", 1))
print("aa".replace("a", "b", count=1))
