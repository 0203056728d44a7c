import torch
from torch.func import grad, grad_and_value, jacrev, vjp, vmap

# Issue 16: a torch.func call differentiates at a level of its own
# (Note [Outer history]): a tensor the function captures from outside keeps
# its autograd history, so the gradient, the value, the aux, vjp's and
# jvp's results and the Jacobians stay differentiable with respect to it
# (and only when they depend on it), as PyTorch's functorch levels do.
# Output: each result's values and requires_grad; w.grad after a backward
# through them. PyTorch 2.15's output exactly.

x = torch.tensor([0.5, -1.0, 2.0])
w = torch.tensor([1.5, 2.0, -0.5], requires_grad=True)


def show(name, *ts):
    print(name, [(t.tolist(), t.requires_grad) for t in ts])


g = grad(lambda a: (a * w).sum())(x)
show("grad through w", g)
g.sum().backward()
show("w.grad", w.grad)
w.grad = None

show("grad not through w", grad(lambda a: (a * a).sum() + w.sum())(x))

g = grad(lambda a: (a * a * w).sum())(x)
(g * g).sum().backward()
show("second order w.grad", g, w.grad)
w.grad = None

g, v = grad_and_value(lambda a: (a * a).sum() + (w * w).sum())(x)
show("value through w", g, v)
v.backward()
show("w.grad", w.grad)
w.grad = None

g, aux = grad(lambda a: ((a * a).sum(), (a * w, a * 2)), has_aux=True)(x)
show("aux", g, aux[0], aux[1])
aux[0].sum().backward()
show("w.grad", w.grad)
w.grad = None

out, fn = vjp(lambda a: a.sin() * w, x)
show("vjp out", out)
(gx,) = fn(torch.ones(3))
show("vjp grad", gx)
gx.sum().backward()
show("w.grad", w.grad)
w.grad = None

ct = w * 2
(gx,) = vjp(torch.sin, x)[1](ct)
show("vjp cotangent with history", gx)

j = jacrev(lambda a: a * w.exp())(x)
show("jacrev", j)
j.sum().backward()
show("w.grad", w.grad)
w.grad = None

h = w * 3
show("history from before", grad(lambda a: (a * h).sum())(x))
show("outer leaf in aux", grad(lambda a: ((a * a).sum(), w), has_aux=True)(x)[1])
o, t = torch.func.jvp(lambda a: a.sin() * w, (x,), (torch.ones(3),))
show("jvp through w", o, t)
t.sum().backward()
show("w.grad", w.grad)
w.grad = None
show("jvp not through w", *torch.func.jvp(lambda a: a.sin() + w.sum(), (x,), (torch.ones(3),)))
show("jvp tangent with history", *torch.func.jvp(torch.sin, (x,), (w * 2,)))
show("jacfwd", torch.func.jacfwd(lambda a: a * w.exp())(x))

# Composed: vmap of grad, grad of grad, jacrev of jacrev, an input that
# requires grad as well (the nested path), vjp of a scalar.
xs = torch.stack([x, x * 2])
g = vmap(grad(lambda a: (a * a * w).sum()))(xs)
show("vmap grad", g)
g.sum().backward(); show("w.grad", w.grad); w.grad = None
gg = grad(grad(lambda s: s * s * s * w[0]))(x[0])
show("grad grad", gg)
gg.backward(); show("w.grad", w.grad); w.grad = None
j = jacrev(jacrev(lambda a: a * a * w))(x)
show("jac jac", j.sum())
xr = x.clone().requires_grad_()
g = grad(lambda a: (a * a * w).sum())(xr)
show("both", g)
g.sum().backward(); show("grads", w.grad, xr.grad); w.grad = None
o, fn = vjp(lambda a: (a * w).sum(), x)
show("vjp scalar", o, fn(torch.tensor(2.0))[0])

