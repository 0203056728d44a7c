# Issue 12: NaN, infinities, -0.0 and denormals through fused maximum /
# minimum / clamp / division keep eager's NaN rules and signs.
import torch

def f(x, y):
    return torch.maximum(x, y) * 1.0, torch.minimum(x, y) + 0.0, torch.clamp(x / y, -1.0, 1.0) - 0.0

cf = torch.compile(f)
vals = [float('nan'), float('inf'), -float('inf'), 0.0, -0.0, 1e-40, -1e-40, 2.0, -3.5]
xs = []
ys = []
for p in vals:
    for q in vals:
        xs.append(p)
        ys.append(q)
for dt in [torch.float32, torch.float64]:
    x = torch.tensor(xs, dtype=dt)
    y = torch.tensor(ys, dtype=dt)
    got = cf(x, y)
    want = f(x, y)
    for g, w in zip(got, want):
        print(str(g.tolist()) == str(w.tolist()), g.tolist())
