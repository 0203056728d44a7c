# The issue's chain (sin(x)**2 + cos(x)**2) * 2 on 10^7 float32: one fused
# kernel calling SLEEF's sin and cos (eager: the same functions, one element
# at a time). Median of 11 calls after a warm-up call.
import sys
import time
import torch

# An argument sets torch.set_num_threads (the runner passes 1).
if len(sys.argv) > 1:
    torch.set_num_threads(int(sys.argv[1]))
# A second argument "eager" times the plain function under PyTorch (tdsl's
# runner passes --eager instead).
eager = len(sys.argv) > 2 and sys.argv[2] == "eager"

n = 10000000
x = torch.rand(n)

def sincos(x):
    return (torch.sin(x) ** 2 + torch.cos(x) ** 2) * 2

f = sincos if eager or not hasattr(torch, "compile") else torch.compile(sincos)
f(x)
times = []
for _ in range(11):
    t0 = time.perf_counter()
    f(x)
    times.append(time.perf_counter() - t0)
times.sort()
print(f"sincos: {times[5] * 1e3:.3f} ms per iteration")
