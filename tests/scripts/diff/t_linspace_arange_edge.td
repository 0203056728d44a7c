import torch
print(torch.linspace(0, 10, 1), torch.linspace(5, 5, 3), torch.arange(0, 1, 0.3), torch.arange(-2, 2), torch.arange(0.5, 3))
print(torch.linspace(0, 1, 0))
