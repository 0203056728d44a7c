# tuple unpacking, swaps, nested targets, multiple returns
a, b = 1, 2
a, b = b, a
print(a, b)
def pair():
    return 3, 4
x, y = pair()
(p, q), r = (5, 6), 7
print(x, y, p, q, r)
i = j = 9
print(i, j)
for k, v in [("a", 1), ("b", 2)]:
    print(k, v)
