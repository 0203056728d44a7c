import torch
x = torch.zeros(2, dtype=torch.int32)
x.masked_fill_(torch.tensor([True, False]), 2**40)
