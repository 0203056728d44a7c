# One million x.add_(1.0) on a one-element tensor: the cost of eager dispatch
# (method lookup, schema binding, overload resolution, kernel) per call.
# Runs unchanged under CPython + PyTorch.
import time
import torch

x = torch.zeros(1)
n = 1000000
start = time.perf_counter()
for i in range(n):
    x.add_(1.0)
elapsed = time.perf_counter() - start
assert x.item() == 1000000.0
print(f"eager_add: {n} iterations, {elapsed / n * 1e6:.3f} us per iteration")
