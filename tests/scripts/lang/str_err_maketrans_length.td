# maketrans: the first two strings must have equal length
print("".maketrans("é", "e"))
print("".maketrans("ab", "c"))
