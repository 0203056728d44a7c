# Per-call overhead of a compiled call on a cache hit (guards + segment
# dispatch + write-back) against the eager call of the same tiny function,
# side by side in one run: medians of 9 rounds of 20000 calls each.
# Target (issue 4): compiled - eager <= 1 us per call.
import time
import torch

def tiny(x):
    return x + 1

compiled = torch.compile(tiny)
x = torch.zeros(4)
compiled(x)  # compile once; every call below is a cache hit
n = 20000

def per_call(fn):
    start = time.perf_counter()
    for i in range(n):
        fn(x)
    return (time.perf_counter() - start) / n * 1e6

def median(xs):
    s = sorted(xs)
    return s[len(s) // 2]

eager_us, compiled_us = [], []
for r in range(9):
    eager_us.append(per_call(tiny))
    compiled_us.append(per_call(compiled))
e = median(eager_us)
c = median(compiled_us)
print(f"call_overhead: eager {e:.3f} us, compiled {c:.3f} us, overhead {c - e:.3f} us per call (target <= 1 us)")
