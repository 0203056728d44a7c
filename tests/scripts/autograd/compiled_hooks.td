import torch

# Issue 16: hooks inside a torch.compile'd function (Note [Tensor hooks],
# Note [Autograd reads while tracing]): a hook registered on a tensor made
# inside runs as traced code in the joint graph's backward; a hook on an
# argument (it outlives the call) breaks the graph. Results equal eager's.


def f(x, w):
    a = x * w
    h = a.register_hook(lambda g: g * 3 + 1)
    b = a.sin()
    b.register_hook(lambda g: g * g)
    (g,) = torch.autograd.grad(b.sum() + (a * a).sum(), w)
    h.remove()
    return g


def removed_before(x, w):
    a = x * w
    h = a.register_hook(lambda g: g * 100)
    h.remove()
    (g,) = torch.autograd.grad(a.sum(), w)
    return g


def on_argument(x, w):
    w.register_hook(lambda g: g * 2)
    (x * w).sum().backward()
    return w.grad


x = torch.tensor([1.5, 0.5, -1.0])
w = torch.tensor([0.1, -0.2, 0.3], requires_grad=True)
print(torch.compile(f)(x, w), f(x, w))
print(torch.compile(removed_before)(x, w), removed_before(x, w))
w1 = torch.tensor([0.1, -0.2, 0.3], requires_grad=True)
w2 = torch.tensor([0.1, -0.2, 0.3], requires_grad=True)
print(torch.compile(on_argument)(x, w1), on_argument(x, w2))
