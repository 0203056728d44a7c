import torch
print(torch.arange(30))
print(torch.arange(30.0) * 1.5)
print(torch.arange(40.0).reshape(2, 20) / 3)
print(torch.linspace(0, 1, 25, dtype=torch.float64))
print(torch.arange(30) * 100000)
