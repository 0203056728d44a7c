# upper takes no arguments
print("a".upper())
print("a".upper("b"))
