import torch
from torch.func import grad, grad_and_value, jacrev, jvp, vjp

# Issue 16: has_aux's value is a pytree of tensors (Note [Aux outputs]):
# its tensors come back without the call's history at every depth (a dict,
# a list inside a tuple), so a compiled function returning them is one
# graph, and every compiled result equals eager's bit for bit (torch.equal
# against the uncompiled call, printed at full precision by tolist). A
# leaf that is no tensor is functorch's error, in every mode.


def flat(v):
    if isinstance(v, dict):
        return [flat(v[k]) for k in v]
    if isinstance(v, (tuple, list)):
        return [flat(i) for i in v]
    return [v.tolist(), v.requires_grad]


def same(a, b):
    if isinstance(a, dict):
        return all(same(a[k], b[k]) for k in a)
    if isinstance(a, (tuple, list)):
        return all(same(a[i], b[i]) for i in range(len(a)))
    return torch.equal(a, b)


def aux_of(a):
    return {"s": a.sin(), "more": [a.cos(), (a * 2,)]}


def loss(a):
    return (a * a.exp()).sum()


def grad_aux(x):
    return grad(lambda a: (loss(a), aux_of(a)), has_aux=True)(x)


def grad_value_aux(x):
    return grad_and_value(lambda a: (loss(a), [a.tanh(), {"k": a.exp()}]), has_aux=True)(x)


def vjp_aux(x):
    out, fn, aux = vjp(lambda a: (a.sin() * a, aux_of(a)), x, has_aux=True)
    return out, fn(torch.ones_like(out)), aux


def jacrev_aux(x):
    return jacrev(lambda a: (a.sin() * a.sum(), aux_of(a)), has_aux=True)(x)


def jvp_aux(x):
    return jvp(lambda a: (a.exp() * a, aux_of(a)), (x,), (torch.ones_like(x),), has_aux=True)


x = torch.tensor([0.5, -1.0, 2.0], dtype=torch.float64)
for f in (grad_aux, grad_value_aux, vjp_aux, jacrev_aux, jvp_aux):
    c, e = torch.compile(f)(x), f(x)
    print(f.__name__, same(c, e), flat(c))


def int_aux(x):
    return grad(lambda a: (loss(a), (a.sin(), 3)), has_aux=True)(x)


def none_aux(x):
    return vjp(lambda a: (a * 2, None), x, has_aux=True)[2]


for f in (int_aux, none_aux):
    for fn in (f, torch.compile(f)):
        try:
            fn(x)
        except RuntimeError as e:
            print(f.__name__, "RuntimeError:", e)
