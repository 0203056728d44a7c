import torch
from torch.func import grad

# Issue 16: second-order gradients through the backward of diagonal,
# as_strided and CopySlices (an in-place op through a view of a non-leaf),
# against PyTorch 1.13 (Note [Second-order views]).


def second(f, x):
    g, = torch.autograd.grad(f(x), x, create_graph=True)
    h, = torch.autograd.grad((g * torch.arange(1.0, g.numel() + 1).reshape(g.shape)).sum(), x)
    print(g.detach(), g.requires_grad, h)


second(lambda x: (x.diagonal() ** 3).sum(), torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True))
second(lambda x: (x.diagonal(1) ** 3).sum(), torch.tensor([[1.0, 2.0, 3.0], [3.0, 4.0, 5.0]], requires_grad=True))
second(lambda x: (x.as_strided((2, 2), (1, 2), 0) ** 3).sum(), torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True))
second(lambda x: (x.as_strided((3,), (1,), 1).sin() * x[0]).sum(), torch.tensor([0.5, 1.0, 1.5, 2.0], requires_grad=True))


def copy_slices(z):
    w = z * 1
    w[1:].mul_(z[1:])
    return (w ** 2).sum()


second(copy_slices, torch.tensor([1.0, 2.0, 3.0], requires_grad=True))


def select_write(z):
    w = z * 2
    w[0].mul_(z[1])
    w[2] = z[0] * z[1]
    return (w * w).sum()


second(select_write, torch.tensor([0.5, -1.0, 2.0], requires_grad=True))


def twice(z):
    w = z * z
    w[:2].add_(z[1:] ** 2)
    w[1:].mul_(w[:2].clone())
    return w.sum()


second(twice, torch.tensor([1.0, 2.0, 3.0], requires_grad=True))
# torch.func's nesting takes the same path.
print(grad(lambda a: grad(lambda b: (b.diagonal() ** 3).sum())(a).sum())(torch.eye(2) * 2))
