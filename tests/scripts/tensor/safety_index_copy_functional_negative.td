import torch
x = torch.zeros(3, 4)
x.index_copy(1, torch.tensor([-1]), torch.ones(3, 1))
