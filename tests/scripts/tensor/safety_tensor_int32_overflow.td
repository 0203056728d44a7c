import torch
torch.tensor([1, 2**40], dtype=torch.int32)
