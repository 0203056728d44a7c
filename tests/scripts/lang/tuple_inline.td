# Tuples through the paths that read their items (Note [Inline tuple items]).
import json
import torch
from collections import namedtuple

t = (1, "two", 3.0, None, (4, 5))
print(t, len(t), t[1], t[-1], t[1:4], t[::-2])
a, b, c, d, e = t
print(a, b, c, d, e)
x, (y, z) = 0, e
print(x, y, z)
first, *rest = t
print(first, rest)
print(t == (1, "two", 3.0, None, (4, 5)), t != t[:4], (1, 2) < (1, 3), (1, 2, 3) > (1, 2))
print(3.0 in t, 6 in t, t.index("two"), (1, 1, 2).count(1))
print(hash((1, 2)) == hash((1, 2)), {(1, 2): "a"}[(1, 2)])
print(t + (6,), (0,) * 3, tuple([1, 2]), tuple(range(3)), list(t[:2]))
print(sorted([(2, "b"), (1, "z"), (2, "a")]))
print(list(reversed((1, 2, 3))), list(enumerate(("p", "q"))), list(zip((1, 2), "ab")))
print("%s-%d-%.1f" % ("s", 7, 2.5), ", ".join(("u", "v")))
print(json.dumps({"k": (1, [2, (3,)])}))
print((1,), (), ((),))
P = namedtuple("P", "x y")
p = P(1, 2)
print(p, p.x, p[1], p == (1, 2))
s = torch.zeros(2, 3, 4).shape
print(s, s[1:], s[0], len(s))
v, i = torch.tensor([3.0, 1.0, 2.0]).max(0)
print(v, i)
big = tuple(range(100000))
print(len(big), big[-1], sum(big))
def deep(n):
    node = (None, None)
    for k in range(n):
        node = (node, (k, node))
    return node
d = deep(200000)
d = None
print("freed")
