# The seed's `composed` (DESIGN.md §2.5): 51,520 float64 field, 51,518 delta,
# indices arange(0, 198, 2), gain 99 values; microseconds per call (median of
# 15 rounds of 200 calls) and the first call (trace + passes + codegen) in
# milliseconds. An argument sets torch.set_num_threads (the runner passes 1).
# Runs unchanged under CPython + PyTorch.
import sys
import time
import torch

if len(sys.argv) > 1:
    torch.set_num_threads(int(sys.argv[1]))
# A second argument "eager" times the plain function under PyTorch (tdsl's
# runner passes --eager instead).
eager = len(sys.argv) > 2 and sys.argv[2] == "eager"

def composed(field, delta, indices, gain):
    field[1:-1].add_(delta)
    values = torch.index_select(field, 0, indices) * gain
    field.index_copy_(0, indices, values)

n = 51_520
delta = torch.linspace(-0.01, 0.01, n - 2, dtype=torch.float64)
indices = torch.arange(0, 198, 2, dtype=torch.int64)
gain = torch.linspace(0.99, 1.01, 99, dtype=torch.float64)
field = torch.linspace(0.25, 1.25, n, dtype=torch.float64)

f = composed if eager or not hasattr(torch, "compile") else torch.compile(composed)
t0 = time.perf_counter()
f(field, delta, indices, gain)
first = (time.perf_counter() - t0) * 1e3
calls = 200
rounds = []
for _ in range(15):
    t0 = time.perf_counter()
    for _ in range(calls):
        f(field, delta, indices, gain)
    rounds.append((time.perf_counter() - t0) / calls * 1e6)
rounds.sort()
print(f"composed: {rounds[7]:.3f} us per call; first call {first:.3f} ms")
