import torch
x = torch.zeros(2, dtype=torch.int32)
x[0] = 2**40
