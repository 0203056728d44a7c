# a @ b on 512 x 512 float32 (OpenBLAS's sgemm in eager and compiled code);
# median of 11 calls after a warm-up call. Arguments: the thread count
# (torch.set_num_threads; the runner passes 1 or 2) and, for PyTorch, "eager"
# to time the plain function instead of torch.compile's (tdsl's runner uses
# --eager for that). Runs unchanged under CPython + PyTorch.
import sys
import time
import torch

if len(sys.argv) > 1:
    torch.set_num_threads(int(sys.argv[1]))
eager = len(sys.argv) > 2 and sys.argv[2] == "eager"

n = 512
a = torch.rand(n, n)
b = torch.rand(n, n)

def matmul(a, b):
    return a @ b

f = matmul if eager or not hasattr(torch, "compile") else torch.compile(matmul)
f(a, b)
times = []
for _ in range(11):
    t0 = time.perf_counter()
    f(a, b)
    times.append(time.perf_counter() - t0)
times.sort()
print(f"matmul: {times[5] * 1e3:.3f} ms per iteration")
