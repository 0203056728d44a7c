# Issue 12: an in-place update of an input between pointwise ops is not
# fused across: the ops before it see the old values, the ops after it the new.
import torch

def f(x, y):
    a = (x + y) * 2.0
    x.mul_(3.0)
    b = (x + y) - a
    return a, b

cf = torch.compile(f)
x1 = torch.linspace(-1.0, 1.0, 11)
x2 = x1.clone()
y = torch.linspace(2.0, 3.0, 11)
a1, b1 = f(x1, y)
a2, b2 = cf(x2, y)
print(torch.equal(a1, a2), torch.equal(b1, b2), torch.equal(x1, x2))
print(b2[:4].tolist())
