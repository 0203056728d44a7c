# Writing through a view chain (view + t + select) of a strided or offset
# graph input: functionalize's as_strided_scatter must describe the view
# relative to a contiguous copy of the input, not the input's own strides.
import torch

def f(x, y):
    print('p', y.tolist())
    x.view(2, -1).t()[1].mul_(0.5)
    print('red', x[::2].sum().item())

cf = torch.compile(f)
b = torch.arange(12.0)
cf(b[::2], b[1::2])
print(b.tolist())

def g(x):
    x.view(2, -1)[1, 1:].mul_(2)
    return x.sum()

cg = torch.compile(g)
b = torch.arange(8.0)
print(cg(b[2:]).item(), b.tolist())
b = torch.arange(14.0)
print(cg(b[::2][1:]).item(), b.tolist())

def h(x, y):
    x.copy_(y.t())
    x.view(-1)[1:3].mul_(2)
    return x

ch = torch.compile(h)
a = torch.zeros(2, 3)
print(ch(a, torch.arange(6.0).view(3, 2)).tolist(), a.tolist())
