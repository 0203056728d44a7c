# Issue 12: the chain (sin(x)**2 + cos(x)**2) * 2: sin and cos stay eager
# kernels, the squares, sum and scaling run as one fused kernel; powers of
# 0.5 and -1 become sqrt and division exactly as eager computes them.
import torch

def chain(x):
    return (torch.sin(x) ** 2 + torch.cos(x) ** 2) * 2

def roots(x):
    return (x.abs() ** 0.5) ** -1 + x ** 3

cchain = torch.compile(chain)
croots = torch.compile(roots)
for dt in [torch.float32, torch.float64]:
    x = torch.arange(37, dtype=dt) * 0.25 - 4.0
    print(torch.equal(cchain(x), chain(x)), torch.equal(croots(x), roots(x)))
    print(croots(x)[16:21].tolist())
