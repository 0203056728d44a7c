import torch
print(torch.sum([1, 2]))
