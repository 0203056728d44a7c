import torch
x = torch.ones(2, 3)
print(x.contiguous(torch.contiguous_format))
