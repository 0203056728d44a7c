import torch
print(torch.ones(2).sum(dimension=0))
