import torch
x = torch.ones(3)
torch.index_select(x, 0)
