import torch
x = torch.arange(5)
print(x[4])
print(x[5])
