import torch
print(torch.stack([torch.zeros(2), torch.zeros(3)]))
