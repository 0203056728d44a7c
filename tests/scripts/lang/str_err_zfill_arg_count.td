# zfill takes exactly one argument
print("1".zfill(3))
print("1".zfill(3, 4))
