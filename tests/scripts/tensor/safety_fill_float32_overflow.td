import torch
x = torch.zeros(2)
x.fill_(float('inf'))
print(x)
x.fill_(1e300)
