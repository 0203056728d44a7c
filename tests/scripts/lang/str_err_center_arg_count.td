# center needs a width
print("a".center(3))
print("a".center())
