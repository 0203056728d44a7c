a = [1, 2, 3]
b = a
b.append(4)
print(a, a is b, a == b)
c = a[:]
c.append(5)
print(a, c)
m = [[0] * 2] * 2
m[0][0] = 1
print(m)
