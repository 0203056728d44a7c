import torch
y = torch.arange(2.)
y.index_put_((torch.tensor([1, 0]),), y)
