import torch
x = torch.tensor([9223372036854775807])
print(x + 1)
print(torch.tensor([2 ** 31 - 1], dtype=torch.int32) + 1)
