# Issue 12: transcendentals in fused groups (SLEEF calls in the JIT, the same
# SLEEF functions in eager): compiled equals eager bit for bit on every
# element, contiguous, strided and broadcast, float32 and float64, special
# values included; the values are PyTorch's.
import torch

def unary(x):
    return (torch.exp(x) + torch.log(x.abs() + 1.0) - torch.sin(x) * torch.cos(x) + torch.tanh(x) + torch.sigmoid(x)
            + torch.expm1(x * 0.1) + torch.log2(x.abs() + 2.0) + torch.log10(x.abs() + 3.0) + torch.atan(x)
            + torch.sinh(x * 0.1) + torch.cosh(x * 0.1) + torch.erf(x) + torch.exp2(x * 0.5) + torch.tan(x * 0.1))

def inverse(x):
    y = torch.clamp(x * 0.1, -0.99, 0.99)
    return torch.asin(y) + torch.acos(y) * torch.atanh(y) + torch.asinh(x) + torch.acosh(x.abs() + 1.0) + torch.log1p(x.abs())

def binary(x, y):
    return torch.atan2(x, y) + torch.pow(x.abs(), y) + torch.pow(x.abs() + 1.0, 2.5) + torch.sqrt(x.abs())

def same(a, b):
    return str(a.tolist()) == str(b.tolist())

specials = [float('nan'), float('inf'), -float('inf'), 0.0, -0.0, 1e-40, -1e-40, 1e30, -1e30, 88.5, -104.0, 710.0]
for dt in [torch.float32, torch.float64]:
    cu = torch.compile(unary)
    ci = torch.compile(inverse)
    cb = torch.compile(binary)
    x = torch.arange(45, dtype=dt) * 0.375 - 8.25
    y = torch.arange(45, dtype=dt) * 0.125 - 2.0
    s = torch.tensor(specials * 3, dtype=dt)
    t = torch.tensor(specials[5:] + specials[:5] + specials + specials, dtype=dt)
    print(dt, same(cu(x), unary(x)), same(ci(x), inverse(x)), same(cb(x, y), binary(x, y)))
    print(same(cu(s), unary(s)), same(ci(s), inverse(s)), same(cb(s, t), binary(s, t)))
    print(same(cu(x[::3]), unary(x[::3])), same(cb(x[::3], y[:1]), binary(x[::3], y[:1])))
    m = x.reshape(5, 9)
    print(same(cb(m, y[:9]), binary(m, y[:9])), same(cb(m.t(), y[:5]), binary(m.t(), y[:5])))
    print([round(v, 4) for v in cu(x[::5]).tolist()])
    print([round(v, 4) for v in ci(x[::5]).tolist()])
    print([round(v, 4) for v in cb(x[::5], y[::5]).tolist()])
