# masked_select with a float mask: PyTorch's error.
import torch
x = torch.ones(2)
print(x.masked_select(x > 0))
x.masked_select(torch.ones(2))
