# find needs a substring
print("abc".find("c", 0, 3))
print("abc".find())
