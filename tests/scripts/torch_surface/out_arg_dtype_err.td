# out= of a dtype the result cannot be cast to: PyTorch's error.
import torch
x = torch.ones(2)
print(torch.add(x, x, out=torch.zeros(2, dtype=torch.float64)))
torch.add(x, x, out=torch.zeros(2, dtype=torch.int64))
