# In-place comparisons, addcmul/addcdiv, hyperbolic functions, aminmax,
# block_diag, addr, empty_strided, as_tensor, torch.tensor(range(n)),
# torch.Tensor as a type, resize_.
import torch


def compare(a):
    x, y = a
    g = x.clone().ge_(y)
    b = x.clone().lt_(2.5)
    c = x.long().eq_(3)
    d = x.clone()
    d[1:].ne_(y[1:])
    e = x.clone().le_(y)
    f = x.clone().gt_(1)
    return g, b, c, d, e, f


def addc(a):
    x, y = a
    p = torch.addcmul(x, y, y, value=0.5)
    q = x.addcdiv(y, y + 1, value=2)
    r = x.clone()
    r.addcmul_(y, torch.ones(2, 4)[0], value=-1)
    s = x.clone().addcdiv_(y, torch.full((4,), 4.0))
    return p, q, r, s


def hyper(x):
    return torch.cosh(x), x.sinh(), torch.asinh(x), (x + 1.5).acosh(), (x / 4).atanh(), x.clone().cosh_()


def reductions(m):
    lo, hi = torch.aminmax(m)
    mn = m.aminmax(dim=1, keepdim=True)
    return lo, hi, mn.min, mn.max, torch.aminmax(m.int(), dim=0)


def builds(v):
    bd = torch.block_diag(torch.tensor(2.0), v, torch.ones(2, 2))
    ad = torch.addr(torch.zeros(2, 4), v[:2], v, beta=0.5, alpha=2)
    ai = torch.addr(torch.ones(2, 3, dtype=torch.int64), torch.tensor([1, 2]), torch.tensor([1, 0, 3]))
    es = torch.empty_strided((2, 3), (1, 2))
    return bd, ad, ai, es.shape, es.stride()


cases = [
    ("compare", compare, lambda: (torch.tensor([1.0, 2.0, 3.0, 4.0]), torch.tensor([2.0, 2.0, 1.0, 5.0]))),
    ("addc", addc, lambda: (torch.tensor([1.0, 2.0, 3.0, 4.0]), torch.tensor([2.0, -2.0, 1.0, 5.0]))),
    ("hyper", hyper, lambda: torch.tensor([-1.0, 0.0, 0.5, 2.0])),
    ("reductions", reductions, lambda: torch.tensor([[1.0, 5.0, -2.0], [3.0, 2.0, 7.0]])),
    ("builds", builds, lambda: torch.tensor([1.0, 2.0, 3.0, 4.0])),
]
for name, fn, make in cases:
    for f in (fn, torch.compile(fn)):
        print(name, f(make()))

print(torch.cosh(torch.arange(3)), torch.tensor(range(5)), torch.tensor(range(2, 11, 3), dtype=torch.float64))
t = torch.arange(4.0)
print(torch.as_tensor(t) is t, torch.as_tensor(t, dtype=torch.int64), torch.as_tensor([1, 2]), torch.as_tensor([1.5], dtype=torch.float64))
print(isinstance(t, torch.Tensor), type(t) is torch.Tensor, torch.is_tensor(t), isinstance(3, torch.Tensor))
r = torch.arange(9.0).reshape(3, 3)
print(r.resize_(2, 2), r.stride(), r.resize_as_(torch.zeros(1, 4)).shape)
q = torch.arange(3.0)
q.resize_(2)
print(q, q.shape)
print(torch.Tensor([1, 2]), torch.Tensor(2, 3).shape)
