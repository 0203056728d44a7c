# Issue 12: fused groups whose values change width (Note [Mixed vectors] in
# jit/x86_codegen.cpp): float32 lanes widened to float64 and back, masks made
# at one width and read at another, float -> int64 and int64 -> float
# (2**53 + 1, int64 extremes, NaN, infinities, out of range give the
# minimum), float64 -> int32; every size from 1 to 19 (whole vectors and
# tails), a stepped operand (the one-lane loop) and a broadcast one.
import torch

def widen_where(x, y):
    return torch.where(x < 0.5, x.double() * 3.0, y)

def narrow(x, y):
    return (x * 0.5).float() + y

def to_long(x):
    return (x * 2.0).long()

def long_to_floats(i):
    return (i.double() * 0.5).float(), i.float() * 1.0

def to_int(x):
    return (x + 0.0).int()

def bool_wide(b, x):
    return (x * 2.0 + b.double()) * 0.5

fvals = [float('nan'), float('inf'), -float('inf'), 0.0, -0.0, 0.5, -0.5, 1.75, -2.5, 1e-40, 3e38, -1e20,
         2147483647.0, 2147483648.0, -2147483649.0, 9.3e18, -9.3e18, 16777217.0, 7.25]
ivals = [9007199254740993, -9007199254740993, 9223372036854775807, -9223372036854775808, 16777217, 0, 1, -1,
         123456789, 4611686018427387903, -4611686018427387905, 2147483648, -2147483649, 36028797018963969,
         5, -6, 7, 8, 9]
for n in [5, 8, 19]:
    x = torch.tensor(fvals[:n])
    d = torch.tensor(fvals[:n], dtype=torch.float64) * 1.5
    i = torch.tensor(ivals[:n])
    b = torch.arange(n) % 3 == 1
    print(n, torch.compile(widen_where)(x, d).tolist())
    print(n, torch.compile(narrow)(d, x).tolist())
    print(n, torch.compile(to_long)(x).tolist(), torch.compile(to_long)(d).tolist())
    print(n, [t.tolist() for t in torch.compile(long_to_floats)(i)])
    print(n, torch.compile(to_int)(d).tolist())
    print(n, torch.compile(bool_wide)(b, x).tolist())
# A stepped float32 operand and a broadcast float64 one.
x = torch.tensor(fvals * 2)[::2]
print(torch.compile(widen_where)(x, torch.tensor(2.0, dtype=torch.float64)).tolist())
print(torch.compile(narrow)(torch.tensor(fvals, dtype=torch.float64)[::3], x[:7]).tolist())
