import torch
# The same view as input and output is allowed.
x = torch.arange(4.0)
x.add_(x)
x[1:3].mul_(x[1:3])
print(x.tolist())
