import torch
x = torch.zeros(3, 4)
x[:] = torch.arange(4.0)
x[1] = 9
x[:, 1:3] = torch.tensor([[1.0], [2.0], [3.0]])
print(x)
x[...] = 1
print(x, x[..., 0], x[0, ...])
