import torch

# Issue 16: backward refuses a node whose saved tensor changed in place.
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
z = y * y
y.mul_(2)
print(y._version)
z.sum().backward()
