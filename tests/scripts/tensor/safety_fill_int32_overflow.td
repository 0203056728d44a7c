import torch
x = torch.zeros(2, dtype=torch.int32)
x.fill_(2**31)
