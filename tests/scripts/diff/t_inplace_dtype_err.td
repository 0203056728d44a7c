import torch
x = torch.tensor([1, 2])
x.add_(1.5)
