# find takes no keyword arguments
print("abc".find("c", 1))
print("abc".find("c", start=1))
