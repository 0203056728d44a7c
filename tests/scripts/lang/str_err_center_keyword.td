# center takes no keyword arguments
print("a".center(3, "*"))
print("a".center(width=3))
