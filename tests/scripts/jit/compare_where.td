# Issue 12: comparisons fused into a group: bool results stored as bytes,
# masks feeding where() inside the group, NaN compared as eager does.
import torch

def f(x, y):
    m = x > y
    w = torch.where(x <= 0.5, x * 2.0, y - 1.0)
    return m, w, x == y, x != y, (x + 1.0) >= y, (x - y) < 0.25

def g(x, y):
    d = x - y
    return torch.where(d < 0.0, -d, d * 0.5) + 1.0

for dt in [torch.float32, torch.float64]:
    for n in [0, 1, 3, 4, 5, 8, 9, 17, 40]:
        vals = [float('nan'), 0.5, -0.0, 0.0, 2.0, float('inf'), -1.0, 0.25]
        x = torch.tensor([vals[i % 8] for i in range(n)], dtype=dt)
        y = torch.tensor([vals[(i * 3 + 1) % 8] for i in range(n)], dtype=dt)
        got = torch.compile(f)(x, y)
        want = f(x, y)
        print(dt, n, [str(a.tolist()) == str(b.tolist()) for a, b in zip(got, want)], got[0].dtype)
        if n == 9:
            print(got[0].tolist(), got[3].tolist())
            print(got[1].tolist())
    z = torch.linspace(-3.0, 3.0, 12, dtype=dt).reshape(3, 4).t()
    r = torch.compile(g)(z, torch.tensor(0.5, dtype=dt))
    print(torch.equal(r, g(z, torch.tensor(0.5, dtype=dt))), r.stride(), r[1].tolist())
