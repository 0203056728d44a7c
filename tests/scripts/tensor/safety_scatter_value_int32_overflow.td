import torch
x = torch.zeros(2, dtype=torch.int32)
x.scatter_(0, torch.tensor([0]), 2**40)
