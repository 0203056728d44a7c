import torch
x = torch.zeros(3, 4)
x.index_copy_(0, torch.tensor([-1]), torch.ones(1, 4))
