# x.sum() on 10^7 float32 (a reduction alone: one fused group, Note [JIT
# reductions]); median of 11 calls after a warm-up call. An argument sets
# torch.set_num_threads (the runner passes 1 unless a row says otherwise).
# Runs unchanged under CPython + PyTorch.
import sys
import time
import torch

if len(sys.argv) > 1:
    torch.set_num_threads(int(sys.argv[1]))
# A second argument "eager" times the plain function under PyTorch (tdsl's
# runner passes --eager instead).
eager = len(sys.argv) > 2 and sys.argv[2] == "eager"
n = 10000000
x = torch.rand(n)

def total(x):
    return x.sum()

f = total if eager or not hasattr(torch, "compile") else torch.compile(total)
f(x)
times = []
for _ in range(11):
    t0 = time.perf_counter()
    f(x)
    times.append(time.perf_counter() - t0)
times.sort()
print(f"sum: {times[5] * 1e3:.3f} ms per iteration")
