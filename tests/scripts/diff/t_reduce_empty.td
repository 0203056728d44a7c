import torch
print(torch.zeros(0).sum(), torch.zeros(0).prod(), torch.zeros(0, 3).sum(0))
print(torch.zeros(0).mean())
print(torch.zeros(0).max())
