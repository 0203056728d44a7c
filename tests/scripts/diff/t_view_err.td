import torch
x = torch.arange(12).reshape(3, 4).t()
print(x.view(12))
