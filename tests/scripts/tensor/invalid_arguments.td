import torch
x = torch.ones(3)
torch.add(x, "one")
