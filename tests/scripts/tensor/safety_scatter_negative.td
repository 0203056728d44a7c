import torch
x = torch.zeros(3, 4)
x.scatter_(0, torch.tensor([[-1]]), torch.ones(1, 1))
