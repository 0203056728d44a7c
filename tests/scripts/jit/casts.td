# Issue 12: casts and int64 / int32 / bool operands inside fused groups
# (Note [Mixed groups]): x.float() * 2, (a > 0).to(float32), x * mask with a
# bool mask, i.double() / n with int64 i, where with a bool tensor from
# outside, int32 inputs; float -> int truncation toward zero, int -> float
# rounding (2**53 + 1, int64 extremes), bool as 0 / 1, float -> bool as != 0
# (NaN is True); transposed, stepped and broadcast operands.
import torch

def scaled(x):
    return x.float() * 2.0 + 0.5

def positive(a):
    return (a > 0).to(torch.float32) + a

def masked(x, m):
    return x * m - 1.0

def ratio(i, n):
    return i.double() / n + 0.25

def pick(b, x, y):
    return torch.where(b, x, y) * 3.0

def ints(x):
    return (x * 1.5).long(), (x - 0.5).int(), (x + 0.0).bool(), (x * 2.0).int().double()

def widths(x):
    return (x * 3.0).double() * 0.1, (x + 1.0).to(torch.float64).float() - x

vals = [float('nan'), float('inf'), -float('inf'), 0.0, -0.0, 0.5, -0.5, 1.75, -1.75, 2.5, -3.99, 1e-40, 100.25, -7.0]
big = [9007199254740993, -9007199254740993, 9223372036854775807, -9223372036854775808, 16777217, 0, 1, -1, 123456789]
for dt in [torch.float32, torch.float64]:
    x = torch.tensor(vals, dtype=dt)
    m = torch.tensor([i % 3 == 0 for i in range(len(vals))])
    print(dt, [str(a) for a in torch.compile(ints)(x[3:])])
    print(torch.compile(positive)(x).tolist())
    print(torch.compile(masked)(x, m).tolist())
    print(torch.compile(pick)(m, x, -x.double()).tolist())
    print([t.tolist() for t in torch.compile(widths)(x)])
    print(torch.compile(ints)(x)[2].tolist())
i = torch.tensor(big)
print(torch.compile(scaled)(i).tolist())
print(torch.compile(ratio)(i, torch.tensor(3.0, dtype=torch.float64)).tolist())
j = torch.tensor([2147483647, -2147483648, 7, -9, 0, 16777217], dtype=torch.int32)
print(torch.compile(scaled)(j).tolist(), torch.compile(ratio)(j, torch.tensor([2.0, 4.0, 8.0, 16.0, 0.0, -1.0])).tolist())
b = torch.tensor([True, False, True, True, False])
print(torch.compile(scaled)(b).tolist())
# Layouts: a transposed mask, a stepped int64 tensor, a broadcast row.
x = torch.arange(-6.0, 6.0).reshape(3, 4) * 1.25
mask = (torch.arange(12).reshape(4, 3) % 2 == 0).t()
print(torch.compile(masked)(x, mask).tolist())
print(torch.compile(ratio)(torch.arange(0, 24, 2).reshape(3, 4), x).tolist())
print(torch.compile(pick)(torch.tensor([True, False, False, True]), x, torch.zeros(4, dtype=torch.float64)).tolist())
print(torch.compile(ratio)(torch.tensor(5), x).tolist())
