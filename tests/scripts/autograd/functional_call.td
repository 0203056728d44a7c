import torch
from torch.func import functional_call, grad, vmap

# Issue 16: functional_call over a plain function that takes the parameter
# dict first (Note [functional_call without modules]): args as a tuple or one
# value, kwargs, a tuple of dicts merged, and grad with respect to the dict.


def model(p, x, scale=1.0):
    return (x @ p["w"] + p["b"]) * scale


p = {"w": torch.tensor([[1.0, 2.0], [3.0, 4.0]]), "b": torch.tensor([0.5, -0.5])}
x = torch.tensor([[1.0, 1.0], [0.0, 2.0]])
print(functional_call(model, p, (x,)))
print(functional_call(model, p, x))
print(functional_call(model, p, (x,), {"scale": 2.0}))
print(functional_call(model, ({"w": p["w"]}, {"b": torch.zeros(2)}), (x,)))
g = grad(lambda q: functional_call(model, q, (x,)).sum())(p)
print(sorted(g.keys()), g["w"], g["b"])
per = vmap(grad(lambda q, xi: functional_call(model, q, (xi,)).pow(2).sum()), in_dims=(None, 0))(p, x)
print(per["w"].shape, per["b"])
