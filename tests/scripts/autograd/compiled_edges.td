# Issue 16: compiled gradients for a global leaf, an existing .grad zeroed in
# place, the grad mode at the call (guarded), torch.autograd.grad of two
# leaves, retain_graph, and a second backward (eager's error). Every mode
# prints the same.
import torch
W = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64, requires_grad=True)

def uses_global(x):
    (x * W).pow(2).sum().backward()
    return W.grad * 1.0

cf = torch.compile(uses_global)
x = torch.tensor([0.5, 0.25, -1.0], dtype=torch.float64)
print(cf(x).tolist(), W.grad.tolist())
print(cf(x).tolist(), W.grad.tolist())

def zero_then(x, w):
    w.grad.zero_()
    (x * w).sum().backward()
    return w.grad.sum().detach()

w = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64, requires_grad=True)
w.grad = torch.ones(3, dtype=torch.float64)
cz = torch.compile(zero_then)
print(cz(x, w).tolist(), w.grad.tolist())
print(cz(x, w).tolist(), w.grad.tolist())

def pure(x, w):
    return (x * w).sum().detach() + 1.0

cp = torch.compile(pure)
print(cp(x, w).tolist())
with torch.no_grad():
    print(cp(x, w).tolist())
print(cp(x, w).tolist())

def two_leaves(x, a, b):
    ga, gb = torch.autograd.grad((a * b * x).sum(), (a, b))
    return ga, gb

a = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64, requires_grad=True)
print([t.tolist() for t in torch.compile(two_leaves)(x, a, w)], a.grad, w.grad.tolist())

def grad_twice(x, w):
    y = (x * w).sum()
    y.backward(retain_graph=True)
    y.backward()
    return w.grad.detach()

w.grad = None
print(torch.compile(grad_twice)(x, w).tolist())

def second_time(x, w):
    y = (x * w.exp()).sum()
    y.backward()
    y.backward()
    return w.grad.detach()
try:
    torch.compile(second_time)(x, w)
except RuntimeError as e:
    print(str(e)[:50])
