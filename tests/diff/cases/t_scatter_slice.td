import torch
x = torch.zeros(4, 3)
print(torch.slice_scatter(x, torch.ones(2, 3), dim=0, start=1, end=3), x.slice_scatter(torch.ones(4, 1), dim=1, start=2))
print(torch.select_scatter(x, torch.tensor([1.0, 2.0, 3.0]), 0, 0), x.select_scatter(torch.ones(4), 1, -1))
