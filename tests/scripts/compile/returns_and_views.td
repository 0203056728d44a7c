import torch

def views(x):
    a = x[1:4]
    b = x.view(2, 3)
    c = x.t() if x.dim() == 2 else x.unsqueeze(0)
    return a, b, c, x

f = torch.compile(views)
x = torch.arange(6.0)
a, b, c, same = f(x)
a.mul_(10)
print(x.tolist(), b.tolist(), c.tolist(), same is x)

def inplace_chain(x):
    x.mul_(2).add_(1)
    x[0] = -1
    x[1:3] += 5
    return x

g = torch.compile(inplace_chain)
y = torch.arange(5.0)
r = g(y)
print(r is y, y.tolist())

def int_dtypes(i, j):
    return i * j + 1, (i > j), i.to(torch.float64) / 3

h = torch.compile(int_dtypes)
print(h(torch.arange(4), torch.tensor([3, 2, 1, 0])))
