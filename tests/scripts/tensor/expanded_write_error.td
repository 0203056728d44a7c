import torch
e = torch.zeros(3).expand(2, 3)
e.add_(1)
