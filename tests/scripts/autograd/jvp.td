import torch
from torch.func import grad, jacfwd, jacrev, jvp

# Issue 16: forward-mode jvp (Note [jvp by double vjp]) and jacfwd, against
# functorch's forward mode; errors are PyTorch 2.15's.


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, ":", e)


d = torch.float64
p = torch.tensor([0.5, 1.0, 2.0], dtype=d)
t = torch.tensor([1.0, -1.0, 0.5], dtype=d)
print(jvp(torch.sin, (p,), (t,)))
print(jvp(lambda a: (a * a).sum(), (p,), (t,)))
print(jvp(lambda a, b: (a * b, a / b), (p, p + 1), (t, t * 2)))
print(jvp(lambda a: (a.exp(), a.sum()), (p,), (t,), has_aux=True))
m = torch.tensor([[1.0, 2.0], [3.0, 4.0], [0.5, -1.0]], dtype=d)
print(jvp(lambda a: torch.tanh(a @ m).sum(0), (p,), (t,)))
print(jvp(lambda a: a, (p,), (t,)))
print(jvp(lambda a: a * 0 + 3, (p,), (t,)))
print(jvp(lambda a: torch.ones(2, dtype=d), (p,), (t,)))


def field(r):
    return torch.stack([r[0] * r[1], torch.sin(r[0])])


print(jacfwd(field)(torch.tensor([1.0, 2.0])))
print(torch.allclose(jacfwd(field)(p[:2]), jacrev(field)(p[:2])))
print(jacfwd(lambda a, b: a * b, argnums=(0, 1))(p, t))
print(jacfwd(lambda a: (a ** 2, a.sum()), has_aux=True)(p))
print(grad(lambda a: jvp(torch.sin, (a,), (t,))[1].sum())(p))
show(lambda: jvp(lambda a: a, p, p))
show(lambda: jvp(lambda a: a, (p,), p))
show(lambda: jvp(lambda a: a, (p,), (p, p)))
show(lambda: jvp(lambda a: a, (p,), (torch.ones(2, dtype=d),)))
show(lambda: jvp(lambda a: a, (1,), (1,)))
show(lambda: jvp(lambda a: 1, (p,), (p,)))
