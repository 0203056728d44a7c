# zfill: zeros after a leading sign, widths in code points
print("42".zfill(5), "-42".zfill(5), "+42".zfill(5), "42".zfill(1), "".zfill(3), "-".zfill(3))
print("é".zfill(3), "--1".zfill(5), "a-1".zfill(5), "12".zfill(-1), "3.5".zfill(True))
