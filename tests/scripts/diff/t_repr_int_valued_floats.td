import torch
print(torch.tensor([1.0, 100.0, -5.0]))
print(torch.tensor([1e16, 1.0]))
print(torch.tensor([1e7, 2.0]))
print(torch.tensor([float('inf'), 2.0]))
print(torch.tensor([0.0]))
print(torch.zeros(3, dtype=torch.float64))
