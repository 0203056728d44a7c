# masked_select (data-dependent: a graph break), clamp_min/clamp_max (and in-place): eager and compiled.
import torch

x = torch.tensor([[1.0, -2.0], [3.0, float("nan")]])
print(torch.masked_select(x, x > 0), x.masked_select(torch.tensor([True, False])))
print(torch.clamp_min(x, 0), x.clamp_max(1.5), torch.clamp_min(torch.tensor([1, 5]), 2.5), torch.tensor([1, 5]).clamp_max(3))
y = torch.tensor([1, 5])
y.clamp_min_(3)
z = torch.tensor([0.5, 2.0])
z.clamp_max_(1)
print(y, z)

def relu_sum(a):
    b = a.clamp_min(0)
    c = a.clone()
    c.clamp_max_(1.0)
    return b + c, torch.masked_select(b, b > 1).sum()

f = torch.compile(relu_sum)
v = torch.tensor([-1.0, 0.5, 2.0, 3.0])
print(f(v), f(v * 2))
