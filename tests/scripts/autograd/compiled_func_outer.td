import torch
from torch.func import grad, grad_and_value, jacrev, jvp, vjp

# Issue 16: a compiled function that differentiates through a torch.func
# result (Note [Outer history]: the inner gradient depends on w, which
# requires grad) traces the transform, the outer backward and the inner
# backward's own backward into one joint graph; w.grad and the results
# equal eager's bit for bit (float64, full precision by tolist) and
# PyTorch 2.15's. Returning such a result runs the call eagerly (autograd
# history leaves the compiled region), with its history intact.

x = torch.tensor([0.5, -1.0, 2.0], dtype=torch.float64)


def fresh():
    return torch.tensor([1.5, 2.0, -0.5], dtype=torch.float64, requires_grad=True)


# Meta-learning style: the inner gradient depends on w, and the outer
# backward differentiates through it, inside one compiled function.
def meta(w, x):
    g = grad(lambda a: (a * a * w).sum())(x)
    loss = (g * g).sum()
    loss.backward()
    return loss.detach()


def meta_value(w, x):
    g, v = grad_and_value(lambda a: (a.sin() * w).sum())(x)
    (v + g.sum()).backward()
    return v.detach()


def meta_vjp(w, x):
    out, fn = vjp(lambda a: a.sin() * w, x)
    (gx,) = fn(torch.ones_like(out))
    (gx * out).sum().backward()
    return gx.detach()


def meta_jacrev(w, x):
    j = jacrev(lambda a: a * w.exp())(x)
    j.sum().backward()
    return j.detach()


def meta_jvp(w, x):
    o, t = jvp(lambda a: a.sin() * w, (x,), (torch.ones_like(x),))
    (o * t).sum().backward()
    return t.detach()


def returns_grad(w, x):
    return grad(lambda a: (a * w).sum())(x)


for f in (meta, meta_value, meta_vjp, meta_jacrev, meta_jvp):
    w1, w2 = fresh(), fresh()
    cf = torch.compile(f)
    for i in range(2):
        r1 = cf(w1, x)
        r2 = f(w2, x)
        print(f.__name__, i, torch.equal(r1, r2), torch.equal(w1.grad, w2.grad), r1.tolist(), w1.grad.tolist())

w1 = fresh()
g = torch.compile(returns_grad)(w1, x)
print("returns_grad", g.requires_grad, g.tolist())
g.sum().backward()
print(w1.grad.tolist())


# Guards: whether the gradient keeps history follows the argument's (and a
# captured global's) requires_grad, which the graphs guard: each call
# answers as eager does, and a graph is reused only for its own answer.
def depends(w, x):
    g = grad(lambda a: (a * a * w).sum())(x)
    return g.requires_grad, (g * 1).detach()


x32 = torch.tensor([0.5, -1.0, 2.0])
wg = torch.tensor([1.5, 2.0, -0.5], requires_grad=True)
wn = torch.tensor([1.5, 2.0, -0.5])
cdep = torch.compile(depends)
for w in (wn, wg, wn, wg):
    (rc, gc), (re, ge) = cdep(w, x32), depends(w, x32)
    print("depends", rc, re, torch.equal(gc, ge), gc.tolist())
cap = wn


def captured(x):
    return grad(lambda a: (a * cap).sum())(x).requires_grad


ccap = torch.compile(captured)
for c in (wn, wg, wn):
    cap = c
    print("captured", ccap(x32), captured(x32))
