import torch
x = torch.ones(2, dtype=torch.int32)
x ** 2**40
