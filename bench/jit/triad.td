# a + b * c on 10^7 float32 (the STREAM triad); median of 11 calls after a
# warm-up call. Runs unchanged under CPython + PyTorch (no torch.compile there:
# the runner passes --eager / --no-jit to tdsl for its other columns).
import sys
import time
import torch

# An argument sets torch.set_num_threads (the runner passes 1 unless a row says otherwise).
if len(sys.argv) > 1:
    torch.set_num_threads(int(sys.argv[1]))
# A second argument "eager" times the plain function under PyTorch (tdsl's
# runner passes --eager instead).
eager = len(sys.argv) > 2 and sys.argv[2] == "eager"

n = 10000000
a = torch.rand(n)
b = torch.rand(n)
c = torch.rand(n)

def triad(a, b, c):
    return a + b * c

f = triad if eager or not hasattr(torch, "compile") else torch.compile(triad)
f(a, b, c)
times = []
for _ in range(11):
    t0 = time.perf_counter()
    f(a, b, c)
    times.append(time.perf_counter() - t0)
times.sort()
print(f"triad: {times[5] * 1e3:.3f} ms per iteration")
