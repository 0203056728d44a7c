import torch
x = torch.tensor([0, 3, 0, 5])
print(x[x != 0], (x != 0).sum(), torch.where(x > 0, x, -1))
