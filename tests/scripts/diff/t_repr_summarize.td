import torch
print(torch.arange(1001))
print(torch.arange(2000.0))
print(torch.arange(3000).reshape(3, 1000))
print(torch.arange(1000))
print(torch.zeros(100, 100))
print(torch.arange(1200).reshape(40, 30))
