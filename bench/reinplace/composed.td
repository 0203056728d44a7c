# Per-call time of the compiled seed function `composed` (DESIGN.md §2.5) on
# 51,520 float64, reinplaced vs not reinplaced (options={"reinplace": False},
# the same as --no-reinplace), side by side in one run: interleaved rounds,
# medians. Target (issue 5): no-reinplace / reinplace >= 2.5.
import sys
import time
import torch

def composed(field, delta, indices, gain):
    field[1:-1].add_(delta)
    values = torch.index_select(field, 0, indices) * gain
    field.index_copy_(0, indices, values)

n = 51_520
delta = torch.linspace(-0.01, 0.01, n - 2, dtype=torch.float64)
indices = torch.arange(0, 198, 2, dtype=torch.int64)
gain = torch.linspace(0.99, 1.01, 99, dtype=torch.float64)
field_r = torch.linspace(0.25, 1.25, n, dtype=torch.float64)
field_n = field_r.clone()
field_e = field_r.clone()

reinplaced = torch.compile(composed, fullgraph=True)
functional = torch.compile(composed, fullgraph=True, options={"reinplace": False})
calls = 200
rounds = 15
if len(sys.argv) > 1:
    calls = int(sys.argv[1])

def per_call(fn, field):
    start = time.perf_counter()
    for i in range(calls):
        fn(field, delta, indices, gain)
    return (time.perf_counter() - start) / calls * 1e6

def median(xs):
    s = sorted(xs)
    return s[len(s) // 2]

# Compile both once, then interleave the measured rounds.
reinplaced(field_r, delta, indices, gain)
functional(field_n, delta, indices, gain)
composed(field_e, delta, indices, gain)
r_us, n_us, e_us = [], [], []
for r in range(rounds):
    r_us.append(per_call(reinplaced, field_r))
    n_us.append(per_call(functional, field_n))
    e_us.append(per_call(composed, field_e))
r = median(r_us)
f = median(n_us)
e = median(e_us)
# Same calls on the same data: all three fields must still be bit-identical.
same = torch.equal(field_r, field_e) and torch.equal(field_n, field_e)
print(f"composed: reinplace {r:.2f} us, no-reinplace {f:.2f} us, eager {e:.2f} us per call; "
      f"ratio {f / r:.2f}x (target >= 2.5); bit-identical {same}")
