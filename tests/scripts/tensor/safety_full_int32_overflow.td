import torch
print(torch.full((2,), -2**31, dtype=torch.int32))
torch.full((2,), 2**40, dtype=torch.int32)
