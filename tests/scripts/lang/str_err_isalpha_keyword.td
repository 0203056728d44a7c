# isalpha takes no keyword arguments
print("a".isalpha())
print("a".isalpha(x=1))
