import torch
f = torch.tensor([1., 2.])
f |= 1
