import torch
base = torch.zeros(3, 4)
print(torch.slice_scatter(base, torch.ones(3, 2), 1, 1, 3).tolist())
print(torch.select_scatter(base, torch.tensor([1.0, 2.0, 3.0, 4.0]), 0, 2).tolist())
print(base.sum().item())
