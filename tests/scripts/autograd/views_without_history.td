import torch

# Note [Views of tensors without history]: an in-place write of a value that
# requires grad through a view of a tensor that does not rebases the viewed
# tensor's history (CopySlices), as PyTorch does; the view and its base then
# require grad and backward reaches the written value.
x = torch.tensor([1.0, 2.0], requires_grad=True)
t = torch.zeros(3)
v = t[1:]
v.copy_(x * 2)
print(t.requires_grad, v.requires_grad, type(t.grad_fn).__name__, t.is_leaf, v.is_leaf)
t.sum().backward()
print(x.grad.tolist())

# A view of a view: the write rebases the root.
x.grad = None
a = torch.zeros(4)
c = a[1:][1:]
c.mul_(x).add_(x)
print(a.requires_grad, type(a.grad_fn).__name__, c.requires_grad)
(a * 3).sum().backward()
print(x.grad.tolist())

# Through a transposed view and an integer index.
x.grad = None
u = torch.zeros(2, 3)
u.t()[0].add_(x)
print(type(u.grad_fn).__name__, u.tolist())
(u * u).sum().backward()
print(x.grad.tolist())

# A write that does not require grad leaves everything plain.
p = torch.zeros(3)
q = p[1:]
q.add_(torch.ones(2))
print(p.requires_grad, q.requires_grad, p.tolist())

# Under no_grad the write records nothing.
r = torch.zeros(3)
with torch.no_grad():
    r[1:].copy_(x)
print(r.requires_grad, r.tolist())
