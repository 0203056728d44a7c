import torch
x = torch.ones(1).expand(2**62)
torch.cat([x, x])
