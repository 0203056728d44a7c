import torch
x = torch.zeros(1).expand(3)
x.add_(1)
