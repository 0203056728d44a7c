import torch
a = torch.tensor([[1, 2], [3, 4]])
b = torch.tensor([[5, 6]])
print(torch.cat([a, b]), torch.cat((a, a), dim=1), torch.cat([a, b], 0).shape, torch.cat([a, a.float()]))
print(torch.stack([a, a]), torch.stack([a, a], dim=2).shape, torch.stack([torch.tensor(1), torch.tensor(2)]))
print(torch.cat([torch.zeros(0), torch.ones(2)]), torch.cat([a, a], dim=-1).shape)
