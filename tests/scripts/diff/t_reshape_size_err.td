import torch
print(torch.zeros(6).reshape(4, 2))
