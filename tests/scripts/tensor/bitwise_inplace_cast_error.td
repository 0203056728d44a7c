import torch
b = torch.tensor([True, False])
b |= torch.tensor([1, 2])
