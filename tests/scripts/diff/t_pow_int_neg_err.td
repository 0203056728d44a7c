import torch
print(torch.tensor([2, 3]) ** -1)
