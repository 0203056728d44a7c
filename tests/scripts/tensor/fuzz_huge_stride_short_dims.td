import torch
# Found by fuzz_compile_gen in CI (tests/fuzz/regressions/fuzz_compile_gen/huge_step_empty_view_add):
# UBSan reported the byte-stride product overflowing in ElementwisePlan::addOperand,
# then (huge_offset_empty_view_sub) the byte offset of the empty one[1:].
# Loops over views with a size-0 or size-1 dim whose stride is huge (a slice
# keeps its step as the stride; 2**62 elements are more bytes than int64
# holds): such a dim adds no bytes (Note [Byte strides of short dims]).
# The generated program sliced with step 2**63-1, which PyTorch 2.x itself
# gets wrong (its slice length overflows to 0); 2**62 is a step it handles.
H = 2**62
for dt in (torch.float32, torch.float64, torch.int64):
    x = (torch.arange(6) + 2).to(dt)
    one = x[::H]
    empty = one[:-1]
    empty.add_(1)
    print(dt, one.tolist(), empty.tolist(), (one * 2).tolist(), (empty * 2).tolist())
    print((one + x).tolist(), one.expand(3).tolist(), empty.sum().item(), one.sum().item())
    m = x.view(2, 3)
    r = m[:, ::H]
    print((r + r).tolist(), (r * m).tolist(), r[:, :0].clone().tolist(), r.t().contiguous().tolist())
    print(one.index_select(0, torch.tensor([0, 0])).tolist())
    # Empty, at offset 2**62 elements (Note [Offsets of empty views]).
    past = one[1:]
    past.sub_(one[:-1])
    print(past.storage_offset(), past.tolist(), (past + 1).tolist(), past.sum().item(), past.clone().storage_offset())

def f(x):
    one = x[::H]
    empty = one[:-1]
    empty.add_(1)
    one[1:].sub_(one[:-1])
    r = x.view(2, 3)[:, ::H]
    return (one * 2, empty * 2, one + x, one.expand(3) + 1, empty.sum(), one.sum(), r + r,
            r * x.view(2, 3), r.t() - 1, one.index_select(0, torch.tensor([0, 0])) * 3, (one * 2).amax(dim=0),
            one[1:] * 2, one[1:])

g = torch.compile(f)
for dt in (torch.float32, torch.float64, torch.int64):
    e = f((torch.arange(6) + 2).to(dt))
    c = g((torch.arange(6) + 2).to(dt))
    print([t.tolist() for t in c])
    print(all(torch.equal(a, b) for a, b in zip(e, c)))
