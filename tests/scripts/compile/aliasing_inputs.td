import torch

def shift(a, b):
    a.add_(b)
    return a.sum()

f = torch.compile(shift)
x = torch.arange(6.0)
print(f(x[3:], x[:3]).item(), x.tolist())      # disjoint views of one storage
x = torch.arange(6.0)
print(f(x, x).item(), x.tolist())              # the same tensor twice
y = torch.arange(6.0)
z = torch.ones(6)
print(f(y, z).item(), y.tolist(), z.tolist())  # distinct tensors (new guards)
x = torch.arange(6.0)
print(f(x[::2], x[1::2]).item(), x.tolist())   # interleaved views
print(f(x[3:], x[:3]).item(), x.tolist())      # cache hit on the aliased entry

def pair(x, y):
    return x * 2, y.add_(1)

g = torch.compile(pair)
base = torch.zeros(5)
p, q = g(base, base[2:])
print(p.tolist(), q.tolist(), base.tolist())
q.fill_(7)
print(base.tolist())

# Overlapping aliased inputs with a mutation, in every backend.
def scale_then_read(a, b):
    a.mul_(2)
    return b.sum()

for be in ("tdsl", "eager", "aot_eager"):
    k = torch.compile(scale_then_read, backend=be)
    x = torch.arange(4.0)
    print(be, k(x[1:], x[:3]).item(), x.tolist())
    x = torch.arange(4.0)
    print(be, k(x, x).item(), x.tolist())
