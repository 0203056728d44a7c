# swapdims/swapaxes/movedim/moveaxis, unfold, diagonal_scatter, view(dtype),
# H/mT/T and channels_last: views share storage, writes reach the base.
import torch


def moves(x):
    a = torch.swapdims(x, 0, 2)
    b = x.swapaxes(1, 2)
    c = torch.movedim(x, 0, 2)
    d = x.movedim((0, 1), (2, 0))
    e = torch.moveaxis(x, [2], [0])
    c[0, 0, 1] = 100
    return [(tuple(t.shape), t.stride()) for t in (a, b, c, d, e)], x[1, 0, 0]


def unfolds(x):
    w = x.unfold(0, 2, 2)
    w[:, 1] = 0
    v = x.unfold(0, 3, 1)
    return w.shape, w.stride(), v.sum(1), x


def diag(m):
    out = torch.diagonal_scatter(m, torch.full((2,), -9.0), 1)
    m.diagonal(-1).mul_(-1)
    return out, m


def bits(x):
    i = x.view(torch.int32)
    j = x[2:6].view(torch.float64)
    b = torch.zeros(2, 4, dtype=torch.bool).view(torch.int32)
    return i, j.shape, j.storage_offset(), b, x.view(torch.float32) is x


def transposes(m):
    return m.H, m.mT, m.T, m.mH.stride(), m.H.data_ptr() == m.data_ptr()


def layouts(t):
    c = t.contiguous(memory_format=torch.channels_last)
    k = t.clone(memory_format=torch.channels_last)
    z = torch.zeros_like(t, memory_format=torch.channels_last)
    e = torch.empty_like(t, memory_format=torch.contiguous_format)
    s = (c + 1).stride()
    return c.stride(), k.stride(), z.stride(), e.stride(), s, c.is_contiguous(), c.is_contiguous(memory_format=torch.channels_last)


cases = [
    ("moves", moves, lambda: torch.arange(24.0).reshape(2, 3, 4)),
    ("unfolds", unfolds, lambda: torch.arange(7.0)),
    ("diag", diag, lambda: torch.arange(9.0).reshape(3, 3)),
    ("bits", bits, lambda: torch.tensor([1.0, -2.0, 0.5, 3.0, 0.0, 1.5])),
    ("transposes", transposes, lambda: torch.arange(6.0).reshape(2, 3)),
    ("layouts", layouts, lambda: torch.arange(24.0).reshape(1, 2, 3, 4)),
]
for name, fn, make in cases:
    for f in (fn, torch.compile(fn)):
        print(name, f(make()))
print(torch.channels_last, torch.contiguous_format, torch.preserve_format)
print(torch.empty(2, 3, 4, 5, memory_format=torch.channels_last).stride(), torch.empty(2, 3, memory_format=torch.contiguous_format).stride())
