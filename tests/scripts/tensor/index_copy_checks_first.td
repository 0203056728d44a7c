import torch
y = torch.zeros(5)
try_idx = torch.tensor([0, 5])
y.index_copy_(0, try_idx, torch.tensor([1.0, 2.0]))
