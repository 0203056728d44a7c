import torch
print(torch.tensor([-3, 3]).abs(), -torch.tensor([0]), torch.tensor([-2.5]).abs())
