# A pointwise chain on 10^7 float32: clamp((x - y) * 0.5 + y, -1, 1).abs()
# (five eager passes over memory; one fused kernel). Median of 11 calls.
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
x = torch.rand(n)
y = torch.rand(n)

def chain(x, y):
    return torch.clamp((x - y) * 0.5 + y, -1.0, 1.0).abs()

f = chain if eager or not hasattr(torch, "compile") else torch.compile(chain)
f(x, y)
times = []
for _ in range(11):
    t0 = time.perf_counter()
    f(x, y)
    times.append(time.perf_counter() - t0)
times.sort()
print(f"chain: {times[5] * 1e3:.3f} ms per iteration")
