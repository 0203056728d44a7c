import torch
x = torch.full((1000000,), 0.1)
print(x.sum(), x.mean())
y = torch.arange(100000, dtype=torch.float32)
print(y.sum(), y.mean())
