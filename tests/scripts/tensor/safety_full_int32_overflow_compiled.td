import torch
def f(x, v):
    return x + torch.full((2,), v, dtype=torch.int32)
g = torch.compile(f)
x = torch.zeros(2, dtype=torch.int32)
print(g(x, 2**31 - 1))
print(g(x, 2**31))
