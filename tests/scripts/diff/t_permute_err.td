import torch
print(torch.zeros(2, 3).permute(0, 0))
