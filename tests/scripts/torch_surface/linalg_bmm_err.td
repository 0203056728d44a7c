# bmm of a matrix: PyTorch's error.
import torch
a = torch.ones(2, 2, 2)
print(torch.bmm(a, a).shape)
torch.bmm(torch.ones(2, 3), a)
