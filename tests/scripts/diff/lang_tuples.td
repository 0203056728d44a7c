t = (1, 2, 3)
a, b, c = t
print(a, b, c, t, (1,), (), len(t), t.index(2), t.count(3), t + (4,), t * 2)
x, y = y, x = 1, 2
print(x, y)
(p, q), r = (1, 2), 3
print(p, q, r)
print(tuple([1, 2]), tuple("ab"), 2 in t, max(t), min(t))
