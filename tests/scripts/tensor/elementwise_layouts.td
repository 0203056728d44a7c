import torch
# Fresh results of elementwise ops are laid out like their inputs, as
# PyTorch's TensorIterator does (Note [Elementwise output layout]): one
# dense input keeps its strides; otherwise dimensions are ranked by the
# inputs' strides (the first input with a preference wins, broadcast
# dimensions have none) and laid out densely in that order.
base = torch.arange(24.).reshape(2, 3, 4)
inputs = [
    ("transposed", base.reshape(6, 4).t()),
    ("permuted", base.permute(2, 0, 1)),
    ("stepped", base[:, :, ::2]),
    ("stepped+permuted", base[:, :, ::2].permute(2, 0, 1)),
    ("expanded", torch.arange(3.).reshape(3, 1).expand(3, 4)),
    ("expanded row", torch.arange(4.).expand(3, 4)),
    ("size-1 dims", torch.arange(6.).reshape(2, 1, 3).permute(2, 1, 0)),
    ("channels last", torch.arange(120.).reshape(2, 4, 5, 3).permute(0, 3, 1, 2)),
    ("empty", torch.ones(3, 2, 0).permute(2, 0, 1)),
]
for name, x in inputs:
    print(name, tuple(x.shape), x.stride())
    print("  unary:", (-x).stride(), x.exp().stride(), x.abs().stride(), x.relu().stride(), x.logical_not().stride())
    print("  with a number:", (x + 1).stride(), (x * 2.5).stride(), (1 - x).stride(), (x > 1).stride(), (2 ** x).stride())
    print("  with itself:", (x * x).stride(), (x == x).stride(), torch.maximum(x, x).stride())
    print("  conversions:", x.long().stride(), x.double().stride(), x.to(torch.int32).stride(), x.bool().stride())
    print("  clamp/where:", x.clamp(0, 2).stride(), torch.where(x > 1, x, 0.).stride(), torch.where(x > 1, 1., 0.).stride())
    print("  int inputs:", (x.long() / 2).stride(), x.long().exp().stride(), (x.long() & 3).stride(), (x.long() << 1).stride())
    print("  row-major:", x.sum(-1, keepdim=True).stride(), x.contiguous().stride(), torch.pow(2, x).stride())

t = base.reshape(6, 4).t()
c = t.contiguous()
col = torch.arange(4.).reshape(4, 1)
row = torch.arange(6.)
e = torch.arange(4.).reshape(4, 1).expand(4, 6)
pairs = [
    ("transposed + contiguous", t, c),
    ("contiguous + transposed", c, t),
    ("transposed + column", t, col),
    ("column + transposed", col, t),
    ("transposed + row", t, row),
    ("expanded + transposed", e, t),
    ("transposed + expanded", t, e),
    ("column + row", col, row),
    ("row + column", row, col),
    ("long transposed + float", t.long(), c),
    ("float + int32 transposed", c, t.int()),
    ("stepped long + transposed", base.reshape(4, 6)[:, ::2].t().long().expand(2, 3, 4).reshape(6, 4).t(), t),
]
for name, a, b in pairs:
    r = a + b
    print(name, tuple(r.shape), r.stride(), (a * b).stride(), (a < b).stride(), torch.where(a > 2, a, b).stride())

# In-place ops keep self's layout; values do not depend on the layout.
x = t.clone()
x.add_(c)
print(x.stride(), torch.equal(x, t + c), torch.equal(t + c, c + t), torch.equal((t + 1).contiguous(), c + 1))
# A transposed result is not viewable as a flat tensor, but reshape copies it.
r = t + 1
print(r.is_contiguous(), r.t().is_contiguous(), r.reshape(-1).tolist()[:6], r.t().view(-1).tolist()[:6])
