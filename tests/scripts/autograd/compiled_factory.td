# Issue 16: requires_grad= on a factory and requires_grad assignment inside a compiled
# function: the trace stops there (autograd is not traced yet) and the results equal eager.
import torch
def f(x):
    w = torch.ones(2, requires_grad=True)
    y = (w * x).sum()
    y.backward()
    return w.grad
print(torch.compile(f)(torch.tensor([3.0, 4.0])))
def g(x):
    y = x * 2
    y.requires_grad = True
    return y
print(torch.compile(g)(torch.tensor([3.0, 4.0])))
