import torch

# Issue 10: a dead in-place update whose shapes only fail for sizes the
# trace did not see. The second size makes the graph dynamic; on the third,
# t[1::3] has 3 elements and x[::3] has 4, and eager raises. The compiled
# graph must keep the check although nothing uses the update.
def dead_update(x, y):
    t = y * 2
    t[1::3] += x[::3]
    return 0

# Dead nodes that cannot fail are still removed; the live result is exact.
def dead_but_safe(x, y):
    unused = (x * 3).sum()
    s = x[1:] + y[1:]
    return s.sum()

g = torch.compile(dead_but_safe)
for n in (8, 6, 10, 11):
    print(n, g(torch.arange(float(n)), torch.ones(n)).item())
f = torch.compile(dead_update)
for n in (8, 6, 10):
    print(n, f(torch.ones(n), torch.ones(n)))
