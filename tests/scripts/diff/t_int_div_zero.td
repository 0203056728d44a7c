import torch
a = torch.tensor([1, 2])
print(a / 0)
print(torch.tensor([1.0, -1.0, 0.0]) / 0)
print(a // torch.tensor([0, 1]))
