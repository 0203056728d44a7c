# x[1:].add_(x[:-1]) on a dense tensor partially overlaps the written view:
# eager (and PyTorch) raise; the compiled call must raise the same error at
# the same line, although functionalization would remove the in-place op.
import torch

def ok(x):
    y = x * 1
    y[1:].add_(y[1:])
    y[:2].add_(y[2:4])
    x[:2].copy_(x[3:])
    return y, x

a = torch.arange(5.0)
r = torch.compile(ok)(a)
print(r[0].tolist(), r[1].tolist())

def f(x):
    x[1:].add_(x[:-1])
    return x

g = torch.compile(f)
print(g(torch.arange(5.0)).tolist())
