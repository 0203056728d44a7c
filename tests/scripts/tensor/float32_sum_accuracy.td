import torch
# A float32 sum of a million elements stays accurate (blocked summation).
x = torch.full((1000000,), 0.1)
s = x.sum().item()
print(x.sum().dtype, abs(s - 100000.0) < 0.1)
m = torch.ones(1000, 1000).sum(dim=0)
print(m.shape, m[0].item(), torch.ones(3, 4).mean().item())
