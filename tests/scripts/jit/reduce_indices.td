# Issue 12: max / min over a dim (values and indices), argmax / argmin, and
# sum / mean / prod with dtype= end fused groups (Note [Fused reductions]);
# the JIT's results have eager's bits (Note [JIT reductions]): the first
# NaN wins, else the first of equal extremes (-0.0 against 0.0 too);
# dtype= converts first, then accumulates in that dtype. Sizes past a
# kernel chunk, keepdim, transposed inputs, 1 and 2 threads. (The expected
# output is PyTorch eager's, torch.compile(f) taken as f.)
import torch

def bits(t):
    if t.dtype == torch.int64:
        return t.tolist()
    return t.view(torch.int32 if t.dtype == torch.float32 else torch.int64).tolist()

def peaks(x):
    v, i = (x * 2.0).max(dim=1)
    w, j = (x - 1.0).min(0, keepdim=True)
    return v, i, w, j

def where_max(x):
    return (x * 0.5).argmax(), (x + 0.5).argmin(dim=-1)

def in_double(x):
    return (x * 0.1).sum(dtype=torch.float64), (x * 0.1).mean(dim=0, dtype=torch.float64)

def counts(x):
    return (x > 0.0).sum(dim=1, dtype=torch.float32), (x > 0.0).mean(dtype=torch.float64)

def product(x):
    return (x * 0.25 + 1.0).prod(1, dtype=torch.float64)

fns = [peaks, where_max, in_double, counts, product]

x = torch.tensor([[1.0, 3.0, 3.0, -0.0, 0.0],
                  [float('nan'), 2.0, -float('nan'), 5.0, 5.0],
                  [0.0, -0.0, -1.0, -1.0, float('inf')],
                  [-float('inf'), 4.0, 4.0, -0.0, -0.0]])
for f in fns:
    got, want = torch.compile(f)(x), f(x)
    print(f.__name__, [a.tolist() for a in got], all(bits(a) == bits(b) for a, b in zip(got, want)))
t = x.t()
print([a.tolist() for a in torch.compile(peaks)(t)], torch.compile(where_max)(t)[1].tolist())
z = torch.tensor([[0.0, -0.0], [-0.0, 0.0]])
v, i = torch.compile(lambda a: (a * 1.0).max(1))(z)
print(bits(v), i.tolist(), bits(torch.compile(lambda a: (a * 1.0).min(1)[0])(-z)))

g = torch.Generator().manual_seed(5)
mismatches = 0
checked = 0
for threads in [1, 2]:
    torch.set_num_threads(threads)
    for dt in [torch.float32, torch.float64]:
        for n in [1, 7, 8, 9, 17, 128, 129, 32769, 70001]:
            x = torch.randn(3, n, generator=g, dtype=dt) * 3.0
            if n > 8:
                x[1, n // 2] = float('nan')
                x[2, n - 2] = x[2, 1] = 100.0
            for f in fns:
                for a, b in zip(torch.compile(f)(x), f(x)):
                    checked += 1
                    if bits(a) != bits(b):
                        mismatches += 1
                        print("mismatch", f.__name__, dt, n, threads)
print("checked", checked, "mismatches", mismatches)
big = torch.zeros(3, 70001)
big[1, 50000] = big[1, 60000] = 7.0
big[2, 69999] = -float('nan')
print(torch.compile(peaks)(big)[1].tolist(), torch.compile(where_max)(big)[0].item())
