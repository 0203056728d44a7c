import torch
x = torch.arange(6.0)
x[1:].add_(x[:-1])
