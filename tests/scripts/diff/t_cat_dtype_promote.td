import torch
print(torch.cat([torch.tensor([1, 2]), torch.tensor([1.5])]), torch.cat([torch.tensor([True]), torch.tensor([2])]))
print(torch.stack([torch.tensor(1), torch.tensor(2.5)]))
