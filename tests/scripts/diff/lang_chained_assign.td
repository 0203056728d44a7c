a = b = c = 5
print(a, b, c)
x = y = []
x.append(1)
print(y)
i, l = 0, [0, 0]
i, l[i] = 1, 2
print(i, l)
