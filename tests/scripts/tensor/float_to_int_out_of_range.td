# Note [Element conversion]: a float that does not fit the integer dtype
# (NaN, infinities, beyond the range) converts to the dtype's minimum, as
# PyTorch's cast does on x86-64 — the same bits eagerly, compiled, and on
# every JIT tier; in-range values truncate toward zero. Found by the short
# fuzz run in CI (UBSan: "nan is outside the range of representable values").
import torch

vals = [float('nan'), float('inf'), -float('inf'), 3e9, -3e9, 2147483647.0, -2147483648.0,
        -2147483648.75, 1e19, -1e19, 9.2e18, -9.3e18, 2.75, -2.75, -0.0, 0.5]

def casts(x):
    return x.long(), x.int(), x.bool(), x.to(torch.int64) + 1

for dt in [torch.float32, torch.float64]:
    x = torch.tensor(vals, dtype=dt)
    print(dt)
    for t in casts(x):
        print(t.tolist())
    for a, b in zip(casts(x), torch.compile(casts)(x)):
        print(torch.equal(a, b), end=' ')
    print()
    # copy_ into an integer tensor, and a strided source.
    y = torch.zeros(8, dtype=torch.int32)
    y.copy_(x[::2])
    print(y.tolist())
    z = torch.zeros(4, 2, dtype=torch.int64)
    z[:, 1] = x[:4]
    print(z.tolist())
