# rjust: the width must be an int
print("a".rjust(True))
print("a".rjust("3"))
