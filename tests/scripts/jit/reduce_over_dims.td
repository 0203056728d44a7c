# Issue 12: sum, mean, amax and amin over a list of dims and prod over one
# dim end fused groups (Note [JIT reductions over dims]): eager's order per
# output, keepdim both ways, negative and several dims, transposed and
# broadcast inputs, NaN, inf and -0.0, rows longer than a kernel chunk; the
# bits equal eager's with 1 and 2 threads. (The expected output is PyTorch
# eager's, torch.compile(f) taken as f: its inductor rounds differently.)
import torch

def bits(t):
    return t.view(torch.int32 if t.dtype == torch.float32 else torch.int64).tolist()

def rows(x):
    return (x * 0.5).sum(dim=-1)

def cols_keep(x):
    return (x + 1.0).mean(0, keepdim=True)

def planes(x):
    return (x * x).sum(dim=(0, 2))

def peaks(x):
    return (x - 0.25).amax(dim=1), (-x).amin(dim=[0, -1], keepdim=True)

def products(x):
    return (x * 0.75 + 0.5).prod(dim=1)

g = torch.Generator().manual_seed(3)
for dt in [torch.float32, torch.float64]:
    x = ((torch.arange(24) % 7 - 3) * 0.5).to(dt).reshape(2, 3, 4)  # exact sums and products
    x[0, 1, 2] = float('nan')
    x[1, 2, 0] = float('inf')
    x[1, 0, 3] = -0.0
    for f in [rows, cols_keep, planes, peaks, products]:
        got, want = torch.compile(f)(x), f(x)
        if isinstance(want, tuple):
            print(f.__name__, [a.tolist() for a in got], all(bits(a) == bits(b) for a, b in zip(got, want)))
        else:
            print(f.__name__, got.tolist(), bits(got) == bits(want))
    t = x.transpose(0, 2)
    print(torch.compile(rows)(t).tolist(), torch.compile(products)(t).tolist())
    e = torch.tensor([1.0, -2.0, 3.0], dtype=dt).expand(4, 2, 3)
    print(torch.compile(planes)(e).tolist(), torch.compile(cols_keep)(e).shape)
    long = torch.randn(3, 70000, generator=g, dtype=dt)
    for threads in [1, 2]:
        torch.set_num_threads(threads)
        print(threads, bits(torch.compile(rows)(long)) == bits(rows(long)), bits(torch.compile(products)(long.t()[:9].t() * 0.001 + 1.0)) == bits(products(long.t()[:9].t() * 0.001 + 1.0)))
    print(torch.compile(rows)(torch.ones(4, 0, dtype=dt)).tolist(), torch.compile(cols_keep)(torch.ones(0, 3, dtype=dt)).tolist())
