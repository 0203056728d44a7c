# The seed case (DESIGN.md §2.5) on 51,520 float64: the compiled function
# (functionalized + reinplaced: no full-buffer copy per call) is bit-identical
# to eager after 5 calls; the same with index regions overlapping the sliced
# region and its edges, with a tail region written by both, and with a strided
# slice. The structure of its optimized graph and the bytes it copies are
# checked in tests/unit/test_reinplace_e2e.cpp.
import torch

def composed(field, delta, indices, gain):
    field[1:-1].add_(delta)
    values = torch.index_select(field, 0, indices) * gain
    field.index_copy_(0, indices, values)

def run(tag, fn, indices, calls=5):
    n = 51_520
    field = torch.linspace(0.25, 1.25, n, dtype=torch.float64)
    delta = torch.linspace(-0.01, 0.01, n - 2, dtype=torch.float64)
    gain = torch.linspace(0.99, 1.01, indices.numel(), dtype=torch.float64)
    expected = field.clone()
    actual = field.clone()
    compiled = torch.compile(fn, fullgraph=True)
    for _ in range(calls):
        fn(expected, delta, indices, gain)
        compiled(actual, delta, indices, gain)
    torch.testing.assert_close(actual, expected, rtol=0, atol=0)
    print(tag, torch.equal(actual, expected), actual[:3].tolist(), actual[-2:].tolist(), actual.sum().item())

run("seed", composed, torch.arange(0, 198, 2, dtype=torch.int64))
# Indices at both ends (outside the slice [1:-1]) and all over the sliced region.
run("overlap_edges", composed, torch.cat([torch.tensor([0, 51_519]), torch.arange(3, 51_500, 517)]))
# Descending, unsorted indices over the whole buffer.
run("overlap_unsorted", composed, torch.arange(51_519, 0, -1031))

def composed_strided(field, delta, indices, gain):
    field[0::2].mul_(gain[0])
    field[1:-1].add_(delta)
    values = torch.index_select(field, 0, indices) * gain
    field.index_copy_(0, indices, values)
    field[-100:].sub_(values[:100])

run("strided_tail", composed_strided, torch.arange(51_400, 51_520, 1))
