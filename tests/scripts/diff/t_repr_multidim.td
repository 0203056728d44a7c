import torch
print(torch.arange(24).reshape(2, 3, 4))
print(torch.arange(24.0).reshape(2, 3, 4) / 7)
print(torch.zeros(2, 1, 2, 1))
print(torch.ones(1, 1))
print(torch.zeros(2, 0, 3))
print(torch.arange(6.0).reshape(3, 2) - 2.5)
