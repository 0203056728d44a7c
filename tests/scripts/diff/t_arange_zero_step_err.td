import torch
print(torch.arange(0, 5, 0))
