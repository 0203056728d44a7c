import torch
c = torch.tensor([True, False, True])
print(torch.where(c, torch.tensor([1, 2, 3]), torch.tensor([1.5, 2.5, 3.5])), torch.where(c, 1.0, 2), torch.where(c, torch.tensor([1, 2, 3]), 0))
print(torch.where(c, torch.tensor(1.0, dtype=torch.float64), torch.zeros(3)).dtype)
