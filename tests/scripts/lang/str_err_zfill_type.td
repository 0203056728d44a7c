# zfill: the width must be an int
print("1".zfill(False))
print("1".zfill(2.0))
