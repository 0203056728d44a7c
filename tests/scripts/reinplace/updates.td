# Compiled vs eager, bit for bit: index_put / index_copy_ on inputs and on
# intermediates, a write-back into a different input, a read of the old
# value before the write-back, a read through another alias, a metadata
# mismatch (transposed input), an expanded input, source overlapping the
# destination (a shift), a result clobbered by a later write into its base,
# a result escaping as an output, a disallowed op on the path.
import torch

def call(fn, a):
    n = len(a)
    if n == 1:
        return fn(a[0])
    if n == 2:
        return fn(a[0], a[1])
    if n == 3:
        return fn(a[0], a[1], a[2])
    return fn(a[0], a[1], a[2], a[3])

def same(a, b):
    torch.testing.assert_close(a, b, rtol=0, atol=0)
    return torch.equal(a, b)

def as_list(r):
    if r is None:
        return []
    if isinstance(r, tuple):
        return list(r)
    return [r]

def check(tag, fn, make, calls=3):
    ea = make()
    ca = make()
    cf = torch.compile(fn, fullgraph=True)
    ok = True
    for k in range(calls):
        re = as_list(call(fn, ea))
        rc = as_list(call(cf, ca))
        ok = ok and len(re) == len(rc)
        for j in range(len(re)):
            ok = ok and same(rc[j], re[j])
    for j in range(len(re)):
        re[j].add_(1000)
        rc[j].add_(1000)
    for j in range(len(ea)):
        if not isinstance(ea[j], float):
            ok = ok and same(ca[j], ea[j])
    print(tag, ok, ea[0].flatten()[:8].tolist())

def idx():
    return torch.tensor([4, 0, 7])

def index_put_input(x, i, v):
    x.index_put_((i,), v)
    x[i] = v * 2

def index_copy_input(x, i, v):
    x.index_copy_(0, i, v)
    return x.sum()

def index_copy_intermediate(x, i, v):
    t = x * 2
    t.index_copy_(0, i, v)
    t[1:3] = 5.0
    return t

def index_put_intermediate_chain(x, i, v):
    t = x.clone()
    t[2:6] += 1
    t.index_put_((i,), v, accumulate=True)
    x.copy_(t)

def into_other_input(x, y, i, v):
    y.copy_(x.index_put((i,), v))

def read_old_value(x, i, v):
    y = x.index_copy(0, i, v)
    s = x.sum()
    x.copy_(y)
    return s

def read_through_alias(x, i, v):
    a = x[2:5]
    y = x.index_copy(0, i, v)
    r = a * 2
    x.copy_(y)
    return r

def metadata_mismatch(x, i, v):
    x.index_copy_(0, i, v)

def expanded_input(x, v):
    x[1].copy_(v)

def shift(x):
    x[1:] = x[:-1].clone()

def clobbered(x, i, v, w):
    y = x.index_copy(0, i, v)
    z = y.index_copy(0, i, w)
    s = y.sum()
    x.copy_(z)
    return s

def escapes(x, i, v):
    y = x.index_copy(0, i, v)
    x.copy_(y)
    return y

def disallowed(x, src):
    x[0:3] = src
    x.add_(1)

def masked_and_fill(x, m):
    x.masked_fill_(m, -2.0)
    x[5:].zero_()
    x[0:2].fill_(3.0)

check("index_put_input", index_put_input, lambda: [torch.arange(8.0), idx(), torch.tensor([1.5, 2.5, 3.5])])
check("index_copy_input", index_copy_input, lambda: [torch.arange(8.0), idx(), torch.tensor([1.5, 2.5, 3.5])])
check("index_copy_intermediate", index_copy_intermediate, lambda: [torch.arange(8.0), idx(), torch.tensor([-1.0, -2.0, -3.0])])
check("index_put_intermediate_chain", index_put_intermediate_chain, lambda: [torch.arange(8.0), idx(), torch.tensor([0.5, 0.5, 0.5])])
check("into_other_input", into_other_input, lambda: [torch.arange(8.0), torch.zeros(8), idx(), torch.tensor([9.0, 9.0, 9.0])])
check("read_old_value", read_old_value, lambda: [torch.arange(8.0), idx(), torch.tensor([100.0, 200.0, 300.0])])
check("read_through_alias", read_through_alias, lambda: [torch.arange(8.0), idx(), torch.tensor([100.0, 200.0, 300.0])])
check("metadata_mismatch", metadata_mismatch, lambda: [torch.arange(12.0).reshape(4, 3).t(), torch.tensor([2, 0]), torch.ones(2, 4)])
check("expanded_input", expanded_input, lambda: [torch.zeros(3).expand(4, 3), torch.tensor([1.0, 2.0, 3.0])])
check("shift", shift, lambda: [torch.arange(6.0)])
check("clobbered", clobbered, lambda: [torch.arange(8.0), idx(), torch.tensor([1.0, 2.0, 3.0]), torch.tensor([4.0, 5.0, 6.0])])
check("escapes", escapes, lambda: [torch.arange(8.0), idx(), torch.tensor([1.0, 2.0, 3.0])])
check("disallowed", disallowed, lambda: [torch.arange(8.0), torch.tensor([7.0, 8.0, 9.0])])
check("masked_and_fill", masked_and_fill, lambda: [torch.arange(8.0), torch.tensor([True, False, True, False, False, True, False, False])])
