# endswith: every tuple item tried must be a str
print("abc".endswith(("c", 1)))
print("abc".endswith(("x", 1)))
