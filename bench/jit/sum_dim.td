# x.sum(dim=1) on a 1000 x 10^4 float32 matrix (a sum over the last dim:
# each row's elements are contiguous and read in place); median of 11 calls
# after a warm-up call. An argument sets torch.set_num_threads (the runner
# passes 1 unless a row says otherwise). Runs unchanged under CPython + PyTorch.
import sys
import time
import torch

if len(sys.argv) > 1:
    torch.set_num_threads(int(sys.argv[1]))
# A second argument "eager" times the plain function under PyTorch (tdsl's
# runner passes --eager instead).
eager = len(sys.argv) > 2 and sys.argv[2] == "eager"
x = torch.rand(1000, 10000)

def row_sums(x):
    return x.sum(dim=1)

f = row_sums if eager or not hasattr(torch, "compile") else torch.compile(row_sums)
f(x)
times = []
for _ in range(11):
    t0 = time.perf_counter()
    f(x)
    times.append(time.perf_counter() - t0)
times.sort()
print(f"sum_dim: {times[5] * 1e3:.3f} ms per iteration")
