import torch

# Issue 16: a compiled function whose backward needs a tensor that was
# modified in place raises eager's error at the backward (the joint trace
# sees the version change and the call runs eagerly).


def f(x, w):
    a = x * w
    b = a.sin()
    a.mul_(2.0)
    b.sum().backward()
    return w.grad


w = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64, requires_grad=True)
print(torch.compile(f)(torch.ones(3, dtype=torch.float64), w))
