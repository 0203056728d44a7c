import torch

# Issue 16: in-place ops on non-leaves rebase grad_fn; writes through views
# rebase the base's history (CopySlices), as PyTorch 1.13.
x = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
y = x * 1
y[1:].mul_(2)
print(y.grad_fn.name(), y.requires_grad)
y.sum().backward()
print(x.grad)

x.grad = None
a = x * 2
a.add_(1)
print(a.grad_fn.name())
a.mul_(torch.tensor([1.0, 2.0, 3.0, 4.0]))
(a * x).sum().backward()
print(x.grad)

x.grad = None
b = x.clone()
v = b[2:]
v.copy_(torch.tensor([10.0, 20.0]))
print(b, b.grad_fn.name(), v.grad_fn.name())
(b * b).sum().backward()
print(x.grad)

x.grad = None
c = x * 1
c[0] = x[3] * 5
c[2].sin_()
print(c)
c.sum().backward()
print(x.grad)

# a view taken before the base changed sees the new history
x.grad = None
d = x * 1
early = d[:2]
d.mul_(3)
(early * 1).sum().backward()
print(x.grad)

# setitem into a plain tensor records the written gradient
buf = torch.zeros(3)
buf[1:] = x[:2] * 2
print(buf.requires_grad, buf.grad_fn.name())
x.grad = None
(buf * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
print(x.grad)

# the version counter
t = torch.ones(2)
print(t._version)
t.add_(1)
t[0] = 5
print(t._version)

# no_grad updates of a leaf
w = torch.tensor([1.0, 2.0], requires_grad=True)
(w * w).sum().backward()
torch.set_grad_enabled(False)
w -= 0.5 * w.grad
w.grad.zero_()
torch.set_grad_enabled(True)
print(w, w.grad, w.is_leaf)
