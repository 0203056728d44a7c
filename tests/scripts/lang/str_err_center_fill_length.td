# center: the fill character must be one code point
print("a".center(3, "é"))
print("a".center(5, "ab"))
