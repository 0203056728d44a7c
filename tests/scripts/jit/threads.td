# Issue 12: torch.set_num_threads / get_num_threads, per interpreter; compiled
# kernels split large iteration spaces across threads (fixed chunks), so the
# results are the same bits with 1, 2 or 3 threads (and equal eager's).
import torch

print(torch.get_num_threads() >= 1)
for bad in [0, -3, 2.5, "2", True]:
    try:
        torch.set_num_threads(bad)
    except Exception as e:
        print(type(e).__name__, e)
for call in [lambda: torch.set_num_threads(), lambda: torch.set_num_threads(1, 2),
             lambda: torch.set_num_threads(n=2), lambda: torch.get_num_threads(1)]:
    try:
        call()
    except TypeError as e:
        print("TypeError", e)

def chain(x, y):
    return torch.clamp((x - y) * 0.5 + y, -1.0, 1.0).abs(), x * y > 0.25

cf = torch.compile(chain)
g = torch.Generator().manual_seed(7)
x = torch.randn(331, 517, generator=g) * 2.0
y = torch.randn(517, generator=g)
xt = torch.randn(517, 331, generator=g).t()   # transposed: one row per element run
ref = chain(x, y)
reft = chain(xt, y)
for n in [1, 2, 3]:
    print(torch.set_num_threads(n), torch.get_num_threads())
    a, m = cf(x, y)
    at, mt = cf(xt, y)
    print(n, torch.equal(a, ref[0]), torch.equal(m, ref[1]), torch.equal(at, reft[0]), torch.equal(mt, reft[1]))
