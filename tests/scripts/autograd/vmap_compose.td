import torch
from torch.func import vmap, vjp, grad, jacrev, jacfwd, jvp

# Issue 16: vmap composed with the other transforms, against PyTorch.
torch.manual_seed(0)
x = torch.randn(3)
xs = torch.randn(4, 3)
W = torch.randn(3, 3)


def f(t):
    return (W @ t).sin() * t


out, vjp_fn = vjp(f, x)
print("vmap(vjp_fn)", vmap(vjp_fn)(torch.eye(3))[0])
print("jacrev", jacrev(f)(x))
print("vmap(jacrev)", vmap(jacrev(f))(xs)[1])
print("vmap(jacfwd)", vmap(jacfwd(f))(xs)[1])
print("vmap(grad)", vmap(grad(lambda t: f(t).sum()))(xs))
print("jacrev(vmap)", jacrev(vmap(f))(xs).shape)
print("vmap(jvp)", vmap(lambda t: jvp(f, (t,), (torch.ones(3),))[1])(xs))
print("hessian", vmap(jacrev(jacrev(lambda t: f(t).sum())))(xs)[2])
y = x.clone().requires_grad_()
z = f(y)
print("vmap(autograd.grad)", vmap(lambda v: torch.autograd.grad(z, y, v, retain_graph=True)[0])(torch.eye(3)))
Wp = W.clone().requires_grad_()
loss = vmap(lambda t: ((Wp @ t).tanh() ** 2).sum())(xs).mean()
loss.backward()
print("W.grad after vmap", Wp.grad)
Wp.grad = None
g = vmap(grad(lambda w, t: ((w @ t).tanh() ** 2).sum()), in_dims=(None, 0))(Wp, xs)
print("per-sample grads mean", g.mean(0))
