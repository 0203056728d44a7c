# out= on mm needs the result's own dtype: PyTorch's error.
import torch
a = torch.ones(2, 2)
print(torch.mm(a, a, out=torch.empty(2, 2)))
torch.mm(a, a, out=torch.empty(2, 2, dtype=torch.float64))
