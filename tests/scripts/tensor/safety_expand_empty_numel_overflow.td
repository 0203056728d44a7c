import torch
x = torch.zeros(0)
x.expand(2**62, 2**62, 0)
