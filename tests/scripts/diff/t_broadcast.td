import torch
a = torch.ones(3, 1)
b = torch.arange(4.0)
print(a + b, (a * b).shape, torch.ones(2, 1, 3).add(torch.ones(4, 1)).shape, torch.tensor(2.0) + b)
c = torch.zeros(2, 3)
c += torch.tensor([1.0, 2.0, 3.0])
print(c)
