import torch
from torch.func import grad, vmap

# Issue 16: what a torch.func transform inside torch.compile still breaks the
# graph on (Note [Function transforms under the tracer]): the call runs
# eagerly, with eager's results and side effects in eager's order, and
# tdsl.explain gives the reason. (The explain lines are tdsl's.)


def item_inside(w):
    return grad(lambda a: (a * a).sum() * (a.sum().item() + 1))(w)


def print_inside(w):
    def f(a):
        print("inside", a.shape)
        return torch.sin(a).sum()
    return grad(f)(w) * 2


def random_same(x):
    return vmap(lambda a: a + torch.rand(()), randomness="same")(x) * 0


def random_error(x):
    return vmap(lambda a: a + torch.rand(()))(x)


def returns_transform(w):
    g = grad(lambda a: (a ** 3).sum())
    return g(w * 1), g


def traced_op(w):
    return vmap(torch.sin)(w) + grad(torch.sum)(w)


w = torch.tensor([0.5, -1.0, 2.0])
for f in (item_inside, print_inside, random_same, traced_op):
    c, e = torch.compile(f)(w), f(w)
    print(f.__name__, c, torch.equal(c, e))
g, fn = torch.compile(returns_transform)(w)
print("returns_transform", g, torch.equal(g, fn(w)))
try:
    torch.compile(random_error)(w)
except RuntimeError as e:
    print("RuntimeError:", e)

import tdsl
for f in (item_inside, print_inside, random_same, returns_transform, traced_op):
    e = tdsl.explain(f)(w)
    print(f.__name__, e.graph_break_count, [r.split(" at ")[0] for r in e.break_reasons])
