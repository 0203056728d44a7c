import torch
x = torch.ones(1)
print(x.expand(2**62).shape)
print(x.expand(2**32, 2**32).sum())
