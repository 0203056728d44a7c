# Compiled (functionalized + reinplaced) vs eager, bit for bit: mutations
# through slices, select, nested views, a view of a view, two disjoint
# strided views of one buffer. Each case runs eager and compiled on equal
# copies of its inputs three times, then compares results and every input
# with rtol=0, atol=0 and torch.equal, and mutates returned tensors to check
# that they alias (or not) exactly as in eager.
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
    # Results alias the inputs exactly as in eager.
    for j in range(len(re)):
        re[j].add_(1000)
        rc[j].add_(1000)
    for j in range(len(ea)):
        if not isinstance(ea[j], float):
            ok = ok and same(ca[j], ea[j])
    print(tag, ok, ea[0].flatten()[:8].tolist())

def slice_add(x, d):
    x[1:4] += d

def slice_method(x, d):
    x[2:-2].add_(d)
    x[::3].mul_(2)

def select_set(x, v):
    x[1] = v
    x[2, 1] = 7.5

def select_inplace(x):
    x[0].mul_(3)
    x[:, 2].sub_(1)

def nested(x, d):
    x[1:7][1:4].add_(d)
    x[2:][::2][1].fill_(-1)

def nested_2d(x):
    x[:, 1:3][1].fill_(0)
    x[1:][:, 0].add_(5)

def view_of_view(x):
    v = x.view(3, 4)
    v[1].add_(1)
    w = v.t()
    w[0].mul_(10)
    return v.sum()

def transpose_write(x, y):
    x.t()[1:3].copy_(y)

def disjoint_strided(x):
    x[0::2].add_(1)
    x[1::2].mul_(2)
    return x.sum()

def reread_after_write(x, d):
    a = x[2:6]
    x[3:5].add_(d)
    return a * 2, x[0:3]

def returns_view(x):
    x[1:3].add_(1)
    return x[1:5]

check("slice_add", slice_add, lambda: [torch.arange(8.0), torch.tensor([1.0, 2.0, 3.0])])
check("slice_method", slice_method, lambda: [torch.linspace(0.0, 1.0, 12), 0.125])
check("select_set", select_set, lambda: [torch.arange(12.0).reshape(4, 3), torch.tensor([9.0, 8.0, 7.0])])
check("select_inplace", select_inplace, lambda: [torch.arange(12.0).reshape(3, 4)])
check("nested", nested, lambda: [torch.arange(10.0), torch.tensor([0.5, 0.25, 0.125])])
check("nested_2d", nested_2d, lambda: [torch.arange(16.0).reshape(4, 4)])
check("view_of_view", view_of_view, lambda: [torch.arange(12.0)])
check("transpose_write", transpose_write, lambda: [torch.zeros(4, 5), torch.ones(2, 4) * 3])
check("disjoint_strided", disjoint_strided, lambda: [torch.arange(10.0)])
check("reread_after_write", reread_after_write, lambda: [torch.arange(8.0), torch.tensor([10.0, 20.0])])
check("returns_view", returns_view, lambda: [torch.arange(6.0)])
