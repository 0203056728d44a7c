import torch
x = torch.zeros(3, 4)
x.scatter_add(1, torch.tensor([[-2]]), torch.ones(1, 1))
