x = 10
x += 5; x -= 3; x *= 2; x //= 5; x **= 3; x %= 7
print(x)
y = 2.0
y /= 4
print(y)
s = "a"; s += "b"; s *= 3
print(s)
l = [1]; l2 = l; l += [2]; print(l, l2, l is l2)
t = (1,); t2 = t; t += (2,); print(t, t2)
d = {"a": [1]}
d["a"] += [2]
d["a"][0] += 10
print(d)
