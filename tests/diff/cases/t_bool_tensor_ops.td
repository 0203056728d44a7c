import torch
b = torch.tensor([True, False])
print(b + b if False else b | b, b.sum(), b.float(), b.int(), b == True, b.any(), b.all(), torch.where(b, 1, 0))
print(torch.zeros(2, dtype=torch.bool), torch.ones(2, dtype=torch.bool))
