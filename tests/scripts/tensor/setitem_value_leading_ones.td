import torch
# Note [Setitem value shape]: the value drops leading size-1 dims, then broadcasts.
x = torch.zeros(3, 4)
x[0] = torch.ones(1, 4)
x[1:3] = torch.ones(1, 1, 4) * 2
x[:, 0] = torch.tensor(7.)
print(x)

def f(x, v):
    x[1] = v
    x[2:] = v * 3
    return x

g = torch.compile(f)
print(g(torch.zeros(3, 2), torch.tensor([[[1., 2.]]])))
