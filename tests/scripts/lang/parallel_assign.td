# Note [Parallel assignment]: `a, b = b, a` and the like evaluate every value
# first, then store the targets left to right.
import torch

a, b = 1, 2
a, b = b, a
print(a, b)
x, y = 0, 1
for _ in range(10):
    x, y = y, x + y
print(x, y)
xs = [10, 20, 30]
xs[0], xs[2] = xs[2], xs[0]
print(xs)
i = 0
i, xs[i] = 2, 99      # i is stored first, so xs[2] is written
print(i, xs)


class P:
    pass


p = P()
p.u, p.v = 'u', 'v'
p.u, p.v = p.v, p.u
print(p.u, p.v)
(m, n), k = (1, 2), 3
print(m, n, k)
[q, r] = r2 = 5, 6
print(q, r, r2)
try:
    a, b = 1, 2, 3
except ValueError as e:
    print("ValueError:", e)
try:
    a, b, c = 1, 2
except ValueError as e:
    print("ValueError:", e)
a, b = [7, 8]
print(a, b)
a, b = "hi"
print(a, b)
a, b = (v * 2 for v in (4, 5))
print(a, b)


@torch.compile
def rotate(x, y, z):
    x, y, z = y, z, x
    return x - y * z


print(rotate(torch.tensor([1.0]), torch.tensor([2.0]), torch.tensor([3.0])))
