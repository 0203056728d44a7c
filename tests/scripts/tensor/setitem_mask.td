import torch
x = torch.arange(6)
x[x > 3] = 0
print(x.tolist())
x[torch.tensor([0, 2])] = torch.tensor([7, 8])
print(x.tolist())
x[1] = 9
x[2:4] = torch.tensor([5, 6])
print(x.tolist())
