import torch
from torch.func import vmap, jacrev, grad

# Issue 16: vmap over inputs that require grad: one call of the function
# (Note [vmap by batching]), gradients through AddBatchBackward. Equal to
# PyTorch 2.15 except the output's grad_fn name (PyTorch shows its physical
# op's node) and the in-place write into a non-leaf input, which tdsl refuses.
calls = []
x = torch.arange(6.0).reshape(2, 3).requires_grad_()


def f(t):
    calls.append(1)
    return (t ** 2).sum() + t[0] * t[1]


out = vmap(f)(x)
print(out, len(calls))
out.sum().backward()
print(x.grad)
x.grad = None
out = vmap(f, in_dims=1, out_dims=0)(x.T.contiguous().T.detach().requires_grad_())
print(out)
y = (x * 1.5)  # a non-leaf
vmap(lambda t: t.exp().sum())(y).sum().backward()
print(x.grad)
print(jacrev(vmap(lambda t: t.sin() * t))(torch.tensor([[0.5, 1.0], [1.5, 2.0]])).shape)
print(grad(lambda t: vmap(lambda r: (r ** 3).sum())(t).sum())(torch.arange(4.0).reshape(2, 2)))
try:
    vmap(lambda t: t.mul_(2))(torch.ones(2, 3, requires_grad=True))
except RuntimeError as e:
    print(e)
z = torch.ones(2, 3, requires_grad=True) * 1
try:
    vmap(lambda t: t.mul_(2))(z)
    print("in-place into a non-leaf ok", z)
except RuntimeError as e:
    print(e)
print(len(calls))
