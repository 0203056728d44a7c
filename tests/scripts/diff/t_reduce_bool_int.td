import torch
b = torch.tensor([True, False, True])
print(b.sum(), b.any(), b.all(), b.sum().dtype, torch.tensor([1, 2], dtype=torch.int32).sum().dtype)
print(torch.tensor([1, 2], dtype=torch.int32).prod().dtype, b.int().max())
