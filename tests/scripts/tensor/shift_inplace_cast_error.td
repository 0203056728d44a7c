import torch
x = torch.tensor([1, 2])
x <<= 2.5
