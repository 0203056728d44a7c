import torch

# Issue 16: in-place ops in the forward of a compiled backward: one whose old
# value the backward does not need (add_, exp_ saves its result), one whose
# old value it needs (sin_ saves self before the write), and a saved tensor
# written in place after the backward ran. Gradients equal eager bit for bit.


def f(x, w):
    a = x * w
    a.add_(1.0)
    a.exp_()
    c = a * w
    c.sin_()
    loss = (c * c).sum()
    loss.backward()
    a.mul_(3.0)  # after the backward: allowed
    return a.detach(), c.detach()


w = torch.tensor([0.1, -0.2, 0.3], dtype=torch.float64, requires_grad=True)
x = torch.tensor([1.5, 0.5, -1.0], dtype=torch.float64)
a, c = torch.compile(f)(x, w)
print(a.tolist(), c.tolist(), w.grad.tolist(), a.requires_grad)

# A tensor with autograd history that leaves the function: the call runs
# eagerly (the joint trace is refused), so it keeps its grad_fn.
def keeps_history(x, w):
    loss = (x * w).sum()
    loss.backward()
    return loss

print(torch.compile(keeps_history)(x, w), w.grad.tolist())

# torch.autograd.grad returns the gradients without touching .grad.
def g(x, w):
    y = (x * w).cos()
    y.mul_(x)
    (gw,) = torch.autograd.grad(y.sum(), [w])
    return gw

print(torch.compile(g)(x, w).tolist(), w.grad.tolist())
