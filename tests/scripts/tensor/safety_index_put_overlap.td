import torch
y = torch.arange(6.)
y.index_put_((torch.tensor([0, 1]),), y[1:3])
