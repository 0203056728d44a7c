import torch
print(torch.zeros(6).view(-1, -1))
