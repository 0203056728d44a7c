a = [1, 2, 3]
print(a[-1], a[-3])
a[-1] = 9
print(a)
print(a[-4])
