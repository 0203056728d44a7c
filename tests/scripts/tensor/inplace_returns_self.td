import torch
# In-place methods return the very same object.
a = torch.ones(2)
b = a.add_(1)
c = a.mul_(3).sub_(1)
print(b is a, c is a, a.tolist())
d = a.add(1)
print(d is a)
