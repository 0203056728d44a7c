import torch
x = torch.zeros(2, dtype=torch.int32)
x.clamp(max=2**40)
