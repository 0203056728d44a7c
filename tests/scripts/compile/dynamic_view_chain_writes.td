import torch
# Writes through chains of views in graphs that become dynamic (the second
# size recompiles with symbolic sizes). Found by fuzz_compile_gen: the
# generalized scatter of a chain took symbolic sizes as arguments, and the
# compiled call raised "symbolic int argument s0 - 2 needs a concrete value".

def two_slices(y):
    t = y[1:][1:]
    t.fill_(3.0)
    return t

def slice_then_step(y):
    y[1:][::2].mul_(10)
    return y.sum()

def select_of_view(y):
    y.view(2, -1)[1][1:].add_(1)
    return y * 2

def transposed(y):
    y.view(2, -1).t()[1:].sub_(5)
    return y

def narrowed(y):
    y.narrow(0, 1, 4)[1:3].neg_()
    return y[2:]

def unsqueezed(y):
    y.unsqueeze(0)[0][2:].zero_()
    return y

def diag(y):
    y.view(2, -1)[:, 1:].diagonal().add_(7)
    return y

def twice(y):
    a = y[1:]
    a[1:].add_(1)
    a[2:].mul_(2)
    return a

def overlapping(y):
    # The as_strided rows share an element: scattered back row by row, the
    # old second row would overwrite the first's write (fuzz_compile_gen).
    for i in range(2):
        y.as_strided((2, 2), (1, 1))[0].add_(1)
    return y + y

def stepped_parent(y):
    y[::2][1:].mul_(-1)
    return y

cases = [overlapping, stepped_parent, two_slices, slice_then_step, select_of_view, transposed, narrowed, unsqueezed, diag, twice]
for backend in ("eager", "aot_eager", "inductor"):
    for case in cases:
        opt = torch.compile(case, backend=backend)
        for n in (8, 12, 6, 10):
            e = torch.arange(n, dtype=torch.float32)
            c = e.clone()
            re, rc = case(e), opt(c)
            same = torch.equal(re, rc) and torch.equal(e, c)
            print(backend, case.__name__, n, same, rc.tolist(), c.tolist())
