# ** overflow
print(2 ** 62)
print(2 ** 63)
