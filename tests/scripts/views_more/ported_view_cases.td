# Cases in the spirit of PyTorch's test_view_ops.py (a view shares its
# base's storage: writes through either show in the other) and
# test_functionalization.py (mutations through views of fresh tensors and of
# inputs), each run eagerly and compiled.
import torch


def inplace_views_share(t):
    v = t.view_as(t)
    v.transpose_(0, 1)
    v[0, 1] = -1.0
    w = t.view_as(t).t_()
    w[2, 0] = -2.0
    u = t.view_as(t).unsqueeze_(0)
    u[0, 3, 3] = -3.0
    s = t.view(1, 4, 4).squeeze_(0)
    s[1, 1] = -4.0
    a = t.view_as(t).as_strided_((2,), (5,), 0)
    a[1] = -5.0
    return t


def views_share(t):
    d = t.diagonal()
    d[0] = 10.0
    parts = t.split(2)
    parts[1][0, 0] = 11.0
    c = t.chunk(2, 1)
    c[0][3, 1] = 12.0
    rows = t.unbind(0)
    rows[3][3] = 13.0
    m = t.movedim(0, 1)
    m[0, 2] = 14.0
    f = t.unfold(1, 2, 2)
    f[0, 1, 1] = 15.0
    sw = t.swapdims(0, 1)
    sw[3, 2] = 16.0
    return t


def functional_split(x):
    # A write through the diagonal of a split piece, then an unrelated read.
    y1, y2 = x.split(2)
    y3 = y2.diagonal()
    y3.add_(torch.ones(2))
    z = x * x
    return y3, z


def functional_inplace_view(x):
    y = x + x
    z = y.view(8)
    y.transpose_(1, 0)
    y.unsqueeze_(0)
    w = z[::2]
    w.add_(10)
    return y, z


def functional_unbind(x):
    a, b = x.unbind(0)
    a.mul_(2)
    return x, b


def functional_diagonal_input(x):
    x.diagonal().add_(torch.ones(2))
    return x.sum()


cases = [
    ("inplace_views_share", inplace_views_share, lambda: torch.zeros(4, 4)),
    ("views_share", views_share, lambda: torch.zeros(4, 4)),
    ("functional_split", functional_split, lambda: torch.arange(8.0).reshape(4, 2)),
    ("functional_inplace_view", functional_inplace_view, lambda: torch.arange(8.0).reshape(4, 2)),
    ("functional_unbind", functional_unbind, lambda: torch.arange(4.0).reshape(2, 2)),
    ("functional_diagonal_input", functional_diagonal_input, lambda: torch.arange(4.0).reshape(2, 2)),
]
for name, fn, make in cases:
    for f in (fn, torch.compile(fn)):
        x = make()
        print(name, f(x), x)
