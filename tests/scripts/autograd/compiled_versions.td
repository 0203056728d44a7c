import torch

# Note [Versions after compiled writes]: a compiled call's in-place writes to
# its inputs advance their version counters as eager's ops do, one per
# in-place op, views included, so autograd still refuses a backward whose
# saved tensor a compiled call modified. Expected output: PyTorch 2.15 eager
# (its eager and aot_eager backends print the same).


def f(x):
    x.add_(1)
    x[1:].mul_(2)
    return x.sum()


g = torch.compile(f)
x = torch.zeros(4)
g(x)
g(x)  # a cache hit writes too
print(x._version, x.tolist())

w = torch.ones(3, requires_grad=True)
y = torch.zeros(3)
out = (w * y).sum()  # MulBackward0 saves y at version 0
g(y)
try:
    out.backward()
except RuntimeError as e:
    print(str(e).split(" Hint:")[0])


def h(a, b):
    a.add_(1)
    b.mul_(2)
    b.mul_(2)


base = torch.zeros(6)
torch.compile(h)(base[:3], base[3:])  # two views of one storage
print(base._version, base.tolist())


def reads_only(x):
    return x * 2


r = torch.ones(2)
torch.compile(reads_only)(r)
print(r._version)
