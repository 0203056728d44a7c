import torch
from torch.func import functional_call, grad, jacrev, vmap

# Issue 16: the seed's per-sample gradients (003), written with a parameter
# dict and a plain function instead of nn.Linear (Note [functional_call
# without modules]), and its Jacobian example.
torch.manual_seed(0)
params = {"weight": torch.randn(1, 3), "bias": torch.randn(1)}
x, y = torch.randn(5, 3), torch.randn(5, 1)


def model(p, inp):
    return inp @ p["weight"].T + p["bias"]


def loss_one(params, xi, yi):
    return ((functional_call(model, params, (xi[None],)) - yi) ** 2).mean()


per_sample = vmap(grad(loss_one), in_dims=(None, 0, 0))(params, x, y)
w = params["weight"].clone().requires_grad_()
loop = torch.stack([torch.autograd.grad(loss_one({"weight": w, "bias": params["bias"]}, x[i], y[i]), w)[0] for i in range(5)])
print("per-sample weight gradient", tuple(per_sample["weight"].shape), " equal to the loop", torch.allclose(per_sample["weight"], loop))
print("bit for bit", torch.equal(per_sample["weight"], loop))
print("per-sample gradient norm", per_sample["weight"].flatten(1).norm(dim=1).numpy().round(3))
print(tuple(per_sample["bias"].shape))


def field(r):
    return torch.stack([r[0] * r[1], torch.sin(r[0])])


print("Jacobian at (1, 2)\n", jacrev(field)(torch.tensor([1.0, 2.0])).numpy().round(4))
