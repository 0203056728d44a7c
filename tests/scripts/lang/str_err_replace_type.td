# replace: old and new must be str
print("aa".replace("a", "b"))
print("aa".replace("a", 1))
