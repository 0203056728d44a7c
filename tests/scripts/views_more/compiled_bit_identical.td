# Compiled results equal eager ones bit for bit (torch.equal), on values
# whose last bits differ between evaluation orders.
import torch


def math(x, y):
    a = torch.addcmul(x, y, x, value=0.1)
    b = torch.addcdiv(x, y, x + 3, value=0.7)
    c = x.clone().addcmul_(y, y, value=1.3)
    d = torch.cosh(x) + torch.sinh(y) + torch.asinh(x * y)
    e = torch.addr(x[0], y[:, 1], x[1], beta=0.3, alpha=1.7)
    return a, b, c, d, e


def views(x, y):
    z = x.clone()
    parts = z.split(2, 1)
    parts[1].mul_(1.1)
    z.diagonal().add_(y[0, :3] * 0.3)
    w = z.t()
    w.unsqueeze_(0)
    w[0, 1].div_(3.0)
    return z, w, z.unfold(1, 2, 1).sum(2)


x = (torch.arange(12.0) * 0.27 - 1.0).reshape(3, 4)
y = (torch.arange(12.0) * 0.23 + 0.5).reshape(3, 4)
for fn in (math, views):
    eager = fn(x, y)
    compiled = torch.compile(fn)(x, y)
    print([torch.equal(p, q) for p, q in zip(eager, compiled)])
    print([p.tolist() for p in compiled][0][0])
