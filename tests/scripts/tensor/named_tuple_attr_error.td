import torch
r = torch.tensor([[1., 5.], [3., 2.]]).max(1)
print(r.indices)
print(r.foo)
