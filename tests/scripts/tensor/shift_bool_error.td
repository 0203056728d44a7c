import torch
b = torch.tensor([True, False])
print(b >> b)
