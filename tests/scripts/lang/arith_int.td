# int arithmetic follows Python's sign rules for // and %
print(7 // 2, -7 // 2, 7 // -2, -7 // -2)
print(7 % 3, -7 % 3, 7 % -3, -7 % -3)
print(2 ** 10, 2 ** 0, (-2) ** 3, 2 ** -2)
print(1 << 10, 1024 >> 3, -16 >> 2, 6 & 3, 6 | 3, 6 ^ 3, ~5)
print(9223372036854775807, -9223372036854775807 - 1)
print(True + True, True * 3, -True)
