import torch
from torch.func import grad, jacrev, jvp, vmap

# Issue 16: nested vmap, and vmap composed with grad, jacrev and jvp both ways round.
torch.manual_seed(2)
x = torch.randn(3, 4, 5, dtype=torch.float64)
print(torch.equal(vmap(vmap(torch.sum))(x), x.sum(-1)))
print(torch.equal(vmap(vmap(torch.sum), in_dims=1)(x), x.sum(-1).T))
print(torch.equal(vmap(vmap(lambda a: a * 2, in_dims=1, out_dims=1))(x), x * 2))
outer = torch.arange(3.0)
print(vmap(lambda o: vmap(lambda i: o * 10 + i)(torch.arange(4.0)))(outer))


def f(w, xi):
    return (torch.tanh(xi @ w) ** 2).sum()


w = torch.randn(5, 2, dtype=torch.float64)
per = vmap(grad(f), in_dims=(None, 0))(w, x[0])
loop = torch.stack([grad(f)(w, x[0][i]) for i in range(4)])
print("per-sample grads", tuple(per.shape), torch.allclose(per, loop))
g_of_vmap = grad(lambda w: vmap(f, in_dims=(None, 0))(w, x[0]).sum())(w)
print("grad of vmap", torch.allclose(g_of_vmap, loop.sum(0)))
jac = vmap(jacrev(torch.sin))(torch.tensor([[0.5, 1.0], [2.0, 3.0]], dtype=torch.float64))
print(jac)
out, t = vmap(lambda p, v: jvp(torch.exp, (p,), (v,)))(torch.tensor([0.0, 1.0], dtype=torch.float64), torch.tensor([1.0, 2.0], dtype=torch.float64))
print(out, t)
hess_diag = vmap(grad(grad(lambda a: a ** 3)))(torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64))
print(hess_diag)
print(vmap(vmap(lambda a, b: a @ b, in_dims=(0, None)), in_dims=(None, 0))(torch.ones(2, 3), torch.ones(4, 3)).shape)
