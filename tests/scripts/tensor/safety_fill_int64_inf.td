import torch
x = torch.zeros(2, dtype=torch.int64)
x.fill_(float('inf'))
