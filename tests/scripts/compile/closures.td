import torch

# Closures and cells made by every call must not force a recompile per call,
# and torch.compile(disable=True) is the identity.
def outer(x):
    scale = 3
    def inner(t):
        return t * scale
    y = inner(x)
    if y.sum() > 0:
        y = y + 1
    return inner(y)

f = torch.compile(outer)
for i in range(4):
    print(f(torch.ones(2) * i).tolist())

@torch.compile(disable=True)
def plain(x):
    return x + 1
print(plain(torch.zeros(1)).tolist(), plain.__name__)

lam = torch.compile(lambda t: t * 3 + 1)
def uses(x):
    return lam(x) * 2
u = torch.compile(uses)
print(lam(torch.ones(2)).tolist(), u(torch.ones(2)).tolist(), u(torch.ones(2)).tolist())
import torch

# A closure variable holding a tensor is read afresh on every call.
def make():
    w = torch.ones(2)
    def f(x):
        return x * w
    g = torch.compile(f)
    print(g(torch.arange(2.0)))
    w = torch.tensor([5.0, 7.0])
    print(g(torch.arange(2.0)), f(torch.arange(2.0)))
    w = 3
    print(g(torch.arange(2.0)), f(torch.arange(2.0)))
make()
