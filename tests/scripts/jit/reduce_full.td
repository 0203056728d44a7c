# Issue 12: a fused group may end in a full sum / mean / prod / max / min
# (Note [Fused reductions]); the JIT's result has eager's bits (Note [JIT
# reductions]) for every size (0, 1, every tail up to 2x the vector width,
# block and chunk boundaries, large), strided and transposed inputs, NaN,
# inf and -0.0, float32 and float64, with 1, 2 or 3 threads.
import torch

def bits(t):
    return t.view(torch.int32 if t.dtype == torch.float32 else torch.int64).tolist()

def chain(x, y):
    t = (x - y) * 0.5
    return t.sum(), t.mean(), torch.clamp(t, -3.0, 3.0).max(), t.abs().min(), (t * 0.01 + 1.0).prod()

def alone(x):
    return x.sum()

def alone_mean(x):
    return x.mean()

def alone_max(x):
    return x.max()

cchain = torch.compile(chain, dynamic=True)
calone = torch.compile(alone, dynamic=True)
cmean = torch.compile(alone_mean, dynamic=True)
cmax = torch.compile(alone_max, dynamic=True)
g = torch.Generator().manual_seed(12)
sizes = list(range(1, 18)) + [127, 128, 129, 1000, 32767, 32768, 32769, 70001, 300000]
mismatches = 0
checked = 0
for dt in [torch.float32, torch.float64]:
    for n in sizes:
        x = torch.randn(n, generator=g, dtype=dt) * 4.0
        y = torch.randn(n, generator=g, dtype=dt)
        cases = [(x, y)]
        if n >= 3:
            x2 = x.clone()
            x2[n // 3] = float('nan')
            x2[n // 2] = float('inf')
            cases.append((x2, y))
            cases.append((x.flip(0), y))   # negative strides
        for threads in [1, 2, 3]:
            torch.set_num_threads(threads)
            for a, b in cases:
                want = chain(a, b)
                got = cchain(a, b)
                for i in range(5):
                    checked += 1
                    if bits(got[i]) != bits(want[i]):
                        mismatches += 1
                        print("mismatch", dt, n, threads, i, got[i].item(), want[i].item())
            for f, cf in [(alone, calone), (alone_mean, cmean), (alone_max, cmax)]:
                checked += 1
                if bits(cf(x)) != bits(f(x)):
                    mismatches += 1
                    print("mismatch alone", dt, n, threads, cf(x).item(), f(x).item())
print("checked", checked > 500, "mismatches", mismatches)

# Strided and transposed inputs, -0.0 and a NaN in 2-d.
base = torch.randn(301, 257, generator=g)
base[7, 9] = -0.0
def same(f, x):
    return bits(torch.compile(f)(x)) == bits(f(x))

def pointwise_sum(x):
    return (x * 2.0 - 1.0).sum()

for x in [base, base.t(), base[::2, 1::3], base.t()[5:, :100]]:
    print(same(alone, x), same(alone_mean, x), same(alone_max, x), same(pointwise_sum, x))
zeros = torch.tensor([-0.0, 0.0, -0.0])
print(bits(torch.compile(alone_max)(zeros)), bits(alone_max(zeros)), same(alone, -zeros), same(alone, zeros))
nans = torch.tensor([1.0, float('nan'), -float('nan'), 5.0])
print(same(alone_max, nans), same(alone, nans), same(alone_max, -nans), same(alone, -nans))
empty = torch.zeros(0, 3)
print(bits(torch.compile(alone)(empty)), bits(alone(empty)), same(alone_mean, empty), same(pointwise_sum, empty))
