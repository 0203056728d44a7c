import torch
# Bitwise operators and preserved-layout clones under torch.compile match eager.

def masks(x, lo, hi):
    m = (x > lo) & (x < hi)
    m |= x == 0
    n = ~m ^ (x > 100)
    return m, n, m.to(torch.int64) | 4, torch.logical_and(m, n)

def int_ops(i, j, eight):
    k = i & j
    k ^= 3
    k |= eight
    return k, ~i, 1 | i, torch.bitwise_xor(i, 2)

def clones(x):
    t = x.t()
    c = t.clone()
    d = t.clone(memory_format=torch.contiguous_format)
    z = torch.zeros_like(t)
    f = torch.full_like(x[:, ::2], 7.)
    return c, d, z, f, c.stride(), d.stride(), z.stride(), f.stride()

def write_through_clone(x):
    c = x.t().clone()
    c[0].add_(10)
    c.t().view(-1)[1:3].mul_(-1)
    return c, c.stride()

def mutate_input_view(x):
    x.t()[1].mul_(2)
    y = x.t().clone()
    y[0] += 1
    return y

x = torch.tensor([[-3., 0., 2.], [5., 101., 7.]])
i = torch.tensor([1, 2, 3], dtype=torch.int32)
j = torch.tensor([3, 6, 1], dtype=torch.int32)
xs = torch.arange(12.).reshape(3, 4)
def check(fn, eager, compiled):
    print(compiled)
    same = True
    for e, c in zip(eager, compiled):
        if isinstance(e, tuple):
            same = same and e == c
        else:
            same = same and torch.equal(e, c) and e.stride() == c.stride() and e.dtype == c.dtype
    print(same)

check(masks, masks(x, -1, 6), torch.compile(masks, fullgraph=True)(x, -1, 6))
eight = torch.tensor([8], dtype=torch.int32)
check(int_ops, int_ops(i, j, eight), torch.compile(int_ops, fullgraph=True)(i, j, eight))
check(clones, clones(xs), torch.compile(clones, fullgraph=True)(xs))
check(write_through_clone, write_through_clone(xs), torch.compile(write_through_clone, fullgraph=True)(xs))
a = torch.arange(6.).reshape(2, 3)
b = a.clone()
ea = mutate_input_view(a)
cb = torch.compile(mutate_input_view, fullgraph=True)(b)
print(ea, cb, torch.equal(a, b), torch.equal(ea, cb), ea.stride(), cb.stride())
