# The seed's `composed` (../shared/seeds, bench/reinplace/composed.td) on its
# data, compiled (under its own name) and called five times, for the REPL's meta-command tests.
import torch

def composed(field, delta, indices, gain):
    field[1:-1].add_(delta)
    values = torch.index_select(field, 0, indices) * gain
    field.index_copy_(0, indices, values)

field = torch.linspace(0.25, 1.25, 51_520, dtype=torch.float64)
delta = torch.linspace(-0.01, 0.01, 51_518, dtype=torch.float64)
indices = torch.arange(0, 198, 2, dtype=torch.int64)
gain = torch.linspace(0.99, 1.01, 99, dtype=torch.float64)
composed = torch.compile(composed, fullgraph=True)
for _ in range(5):
    composed(field, delta, indices, gain)
