import torch
# Compiled functions give elementwise results the same layouts (and values)
# as eager (Note [Elementwise output layout]): the meta rules the tracer runs
# and the eager kernels agree on strides, functionalization replaces a
# tensor only by a value of its own layout, and reinplacing keeps them.

def arith(t, p, s, e, col):
    a = t + 1
    b = t * col
    c = torch.where(t > 3, t, 0.)
    d = p.exp() - p
    f = s * 2 + e
    g = (t.long() << 2) >> 1
    h = t.clamp(1, 5) / 2
    i = 2 ** t
    return a, b, c, d, f, g, h, i, a.stride(), g.stride()

def layout_decides(t):
    r = t + 1
    flat = r.reshape(-1)      # a copy: r is not row-major
    flat[0] = 100.
    view = r.t().view(-1)     # r.t() is row-major
    return r, flat, view, r.is_contiguous(), r.t().is_contiguous()

def replace_input(x, a):
    x.copy_(a.t() + 1)
    return x.view(-1) * 2

def update_input(x, y):
    x.mul_(y)
    x.add_(1)
    z = x + y
    return z, z.stride()

def conversions(t):
    return t.long(), t.double() + t, t.to(torch.int32) * t.long(), t.contiguous(memory_format=torch.contiguous_format)

def shifts(i, j):
    k = i << j
    k >>= 1
    i <<= 2
    return k, 1 << j, i >> 65, i

def compare(name, expected, actual, eager_inputs, compiled_inputs):
    if not isinstance(expected, tuple):
        expected = (expected,)
        actual = (actual,)
    same = True
    for e, c in zip(expected, actual):
        if isinstance(e, tuple) or isinstance(e, bool):
            same = same and e == c
        else:
            same = same and torch.equal(e, c) and e.stride() == c.stride() and e.dtype == c.dtype
    for e, c in zip(eager_inputs, compiled_inputs):
        same = same and torch.equal(e, c) and e.stride() == c.stride()
    strides = [e.stride() for e in expected if not (isinstance(e, tuple) or isinstance(e, bool))]
    print(name, same, strides)

def clones(xs):
    return [x.clone() for x in xs]

base = torch.arange(24.).reshape(2, 3, 4)
t = base.reshape(6, 4).t()
p = base.permute(2, 0, 1)
s = base[:, :, ::2]
e = torch.arange(3.).reshape(3, 1).expand(2, 3, 2)
col = torch.arange(4.).reshape(4, 1)
compare("arith", arith(t, p, s, e, col), torch.compile(arith, fullgraph=True)(t, p, s, e, col), [], [])
compare("layout_decides", layout_decides(t), torch.compile(layout_decides, fullgraph=True)(t), [], [])
ea = [torch.zeros(3, 3), torch.arange(9.).reshape(3, 3)]
ca = clones(ea)
compare("replace_input", replace_input(ea[0], ea[1]), torch.compile(replace_input, fullgraph=True)(ca[0], ca[1]), ea, ca)
for x, y in [(t.clone().t().contiguous().t(), torch.arange(24.).reshape(4, 6)),
             (torch.arange(12.).reshape(3, 4)[:, ::2], torch.ones(3, 2))]:
    ea = [x.clone(memory_format=torch.preserve_format), y.clone()]
    ca = [x.clone(memory_format=torch.preserve_format), y.clone()]
    compare("update_input", update_input(ea[0], ea[1]), torch.compile(update_input, fullgraph=True)(ca[0], ca[1]), ea, ca)
compare("conversions", conversions(t), torch.compile(conversions, fullgraph=True)(t), [], [])
ea = [torch.arange(12).reshape(3, 4).t(), torch.tensor([1, 2, 3], dtype=torch.int32)]
ca = clones(ea)
compare("shifts", shifts(ea[0], ea[1]), torch.compile(shifts, fullgraph=True)(ca[0], ca[1]), ea, ca)
