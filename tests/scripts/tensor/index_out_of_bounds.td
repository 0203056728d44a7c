import torch
x = torch.arange(5)
print(x[-5].item())
x[5]
