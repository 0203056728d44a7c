import torch
from torch.func import grad, grad_and_value, jacfwd, jacrev

# Issue 16: argnums is checked as functorch's _slice_argnums checks it, in
# its order and words (Note [argnums]), by every transform that takes it,
# eagerly and inside torch.compile (the call then runs eagerly and raises).
x = torch.tensor([0.5, -1.0, 2.0])


def two(a, b):
    return (a * b).sum()


def attempt(t, argnums):
    def f(x):
        return t(two, argnums=argnums)(x, x)
    for fn in (f, torch.compile(f)):
        try:
            fn(x)
            print(t.__name__, argnums, "ok")
        except RuntimeError as e:
            print(t.__name__, argnums, "RuntimeError:", e)


for argnums in (2, -3, (0, 2), [0], 1.0, (0, "a"), (), (0, 0), (1, -1), -1):
    for t in (grad, grad_and_value, jacrev, jacfwd):
        attempt(t, argnums)
try:
    grad(lambda: torch.ones(()))()
except RuntimeError as e:
    print("no arguments: RuntimeError:", e)
