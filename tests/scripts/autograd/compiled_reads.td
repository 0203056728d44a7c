import torch

# Issue 16: what Python code asks autograd inside a torch.compile'd function
# (Note [Autograd reads while tracing]): requires_grad, is_leaf, grad_fn,
# retains_grad and torch.is_grad_enabled() are answered at trace time and
# guarded, so a call with other answers is traced again; requires_grad_()
# and retain_grad() on tensors made inside are traced. Every compiled result
# equals eager's.


def f(x, w):
    y = x * w
    flags = (w.requires_grad, w.is_leaf, y.requires_grad, y.is_leaf, y.grad_fn is None, torch.is_grad_enabled())
    return (y * 2).detach(), flags


cf = torch.compile(f)
x = torch.tensor([1.5, 0.5, -1.0])
w = torch.tensor([0.1, -0.2, 0.3])
print(cf(x, w), f(x, w))
wg = w.clone().requires_grad_()
print(cf(x, wg), f(x, wg))
with torch.no_grad():
    print(cf(x, wg), f(x, wg))
print(cf(x, w))


def scaled(t):
    if t.requires_grad:
        return t.detach() * 2
    return t * 3


cs = torch.compile(scaled)
print(cs(x), cs(wg), cs(x))


def leaf_inside(x, w):
    a = x * 2
    a.requires_grad_()
    c = a * 3
    c.retain_grad()
    ((a * w).sum() + (c * c).sum()).backward()
    return a.grad + c.grad, a.is_leaf, c.is_leaf, c.retains_grad, a.grad_fn is None, c.grad_fn is None


print(torch.compile(leaf_inside)(x, w))
print(leaf_inside(x, w))


def mode(x):
    return x * 2 if torch.is_grad_enabled() else x * 3


cm = torch.compile(mode)
print(cm(x))
with torch.no_grad():
    print(cm(x))
print(cm(x))
