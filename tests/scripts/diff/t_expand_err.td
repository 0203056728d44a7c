import torch
print(torch.zeros(3, 2).expand(3, 4))
