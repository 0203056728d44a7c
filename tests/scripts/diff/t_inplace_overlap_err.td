import torch
x = torch.arange(5.0)
x[1:].add_(x[:-1])
