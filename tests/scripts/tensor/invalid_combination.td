import torch
x = torch.ones(3)
x.pow("two")
