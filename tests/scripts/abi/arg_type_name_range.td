import torch
x = torch.zeros(2)
print(x.add(1))
print(x.add(range(3)))
