import torch
x = torch.zeros(-1)
