import torch
x = torch.zeros(2, 3, dtype=torch.float64)
print(x.dtype, x.shape, x.size(), type(x.shape).__name__ if False else "Size", x.dtype == torch.float64, x.dtype is torch.double)
print(torch.Size([]), torch.zeros(()).shape, torch.zeros([]).dim())
