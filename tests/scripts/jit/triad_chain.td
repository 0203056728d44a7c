# Issue 12: pointwise chains compiled by the tdsl backend (one fused kernel
# each) give eager's values for every size, including the vector tails.
import torch

def triad(a, b, c):
    return a + b * c

def chain(x, y):
    t = (x - y) / 3.0
    return torch.clamp(t * t - 0.5, -0.25, 2.0), -t

ctriad = torch.compile(triad)
cchain = torch.compile(chain)
for n in [0, 1, 5, 8, 9, 16, 23]:
    a = torch.arange(n, dtype=torch.float32) * 0.25 - 1.0
    b = torch.arange(n, dtype=torch.float32) * -0.5 + 2.0
    c = torch.full((n,), 0.1)
    got = ctriad(a, b, c)
    print(n, torch.equal(got, triad(a, b, c)), got[-3:].tolist())
    x = torch.linspace(-2.0, 2.0, n, dtype=torch.float64)
    y = torch.linspace(1.0, -1.0, n, dtype=torch.float64)
    u, v = cchain(x, y)
    eu, ev = chain(x, y)
    print(n, torch.equal(u, eu), torch.equal(v, ev), u[:3].tolist(), v[-2:].tolist())
