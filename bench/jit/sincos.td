# The issue's chain (sin(x)**2 + cos(x)**2) * 2 on 10^7 float32: one fused
# kernel calling SLEEF's sin and cos (eager: the same functions, one element
# at a time). Median of 11 calls after a warm-up call.
import time
import torch

n = 10000000
x = torch.rand(n)

def sincos(x):
    return (torch.sin(x) ** 2 + torch.cos(x) ** 2) * 2

f = torch.compile(sincos) if hasattr(torch, "compile") else sincos
f(x)
times = []
for _ in range(11):
    t0 = time.perf_counter()
    f(x)
    times.append(time.perf_counter() - t0)
times.sort()
print(f"sincos: {times[5] * 1e3:.3f} ms per iteration")
