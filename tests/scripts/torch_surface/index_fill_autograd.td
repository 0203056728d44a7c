# index_fill's gradients (IndexFillBackward0/1), a finite-difference check in
# float64, vmap against a Python loop, and backward in a compiled function,
# checked against PyTorch 2.15. The last line is PyTorch's eager output:
# its torch.compile cannot trace IndexFillBackward1 (which calls the
# dynamic-shape unique), tdsl's traces it into the joint graph.
import torch
from torch.func import vmap, grad


def gradcheck(f, *inputs, eps=1e-6):
    # d(sum(f * w))/d(input) against central differences, element by element.
    out = f(*inputs)
    w = torch.arange(1, out.numel() + 1, dtype=torch.float64).reshape(out.shape)
    grads = torch.autograd.grad((out * w).sum(), inputs)
    worst = 0.0
    with torch.no_grad():
        for x, g in zip(inputs, grads):
            flat = x.view(-1)
            for k in range(flat.numel()):
                old = flat[k].item()
                flat[k] = old + eps
                up = (f(*inputs) * w).sum().item()
                flat[k] = old - eps
                down = (f(*inputs) * w).sum().item()
                flat[k] = old
                worst = max(worst, abs((up - down) / (2 * eps) - g.reshape(-1)[k].item()))
    return worst < 1e-6


x = torch.arange(12, dtype=torch.float64).reshape(3, 4).requires_grad_()
v = torch.tensor(2.5, dtype=torch.float64, requires_grad=True)
w = torch.arange(12, dtype=torch.float64).reshape(3, 4) + 1
y = x.index_fill(1, torch.tensor([0, 2, 2]), v)  # a repeated index fills once
print(y.grad_fn.name())
(y * w).sum().backward()
print(x.grad, v.grad)
x.grad = None
y = x.index_fill(-2, torch.tensor(1), 3.0)
print(y.grad_fn.name())
(y * w).sum().backward()
print(x.grad)

# A float64 value into a float32 tensor: the value's gradient keeps its dtype.
a = torch.ones(2, 3, requires_grad=True)
b = torch.tensor(1.0, dtype=torch.float64, requires_grad=True)
a.index_fill(0, torch.tensor([1]), b * 2).sum().backward()
print(a.grad, b.grad)

# In place on a non-leaf, and through a view of one (CopySlices).
x.grad = None
v.grad = None
z = x * 1
z.index_fill_(0, torch.tensor([1]), v)
print(z.grad_fn.name())
(z * w).sum().backward()
print(x.grad, v.grad)
x.grad = None
v.grad = None
z = x * 1
z[:, 1:].index_fill_(1, torch.tensor([0, 2]), v * 3)
print(z.grad_fn.name())
(z * w).sum().backward()
print(x.grad, v.grad)

# 0-dim and empty tensors.
s = torch.tensor(4.0, requires_grad=True)
s.index_fill(0, torch.tensor([0]), v).backward()
print(s.grad, v.grad)
e = torch.zeros(0, 3, requires_grad=True)
e.index_fill(1, torch.tensor([1]), 2.0).sum().backward()
print(e.grad)

# Finite differences in float64.
x0 = torch.arange(12, dtype=torch.float64).reshape(3, 4).sin().requires_grad_()
v0 = torch.tensor(0.7, dtype=torch.float64, requires_grad=True)
print(gradcheck(lambda t, u: t.index_fill(1, torch.tensor([3, 0, 3]), u) * t, x0, v0))
print(gradcheck(lambda t: t.index_fill(-1, torch.tensor([-1]), 2.0).exp(), x0))
print(gradcheck(lambda t, u: (t * 2).index_fill_(0, torch.tensor([2]), u * u), x0, v0))
print(gradcheck(lambda t, u: (t * 1).t().index_fill_(1, torch.tensor(0), u), x0, v0))

# vmap against a loop over the samples.
xs = torch.arange(24.0).reshape(2, 3, 4)
idx = torch.tensor([2, 0])
f = lambda t: t.index_fill(1, idx, -1.0)
print(torch.equal(vmap(f)(xs), torch.stack([f(t) for t in xs])))
print(torch.equal(vmap(f, in_dims=1)(xs), torch.stack([f(t) for t in xs.unbind(1)])))
vals = torch.tensor([5.0, 6.0])
g = lambda t, u: t.index_fill(-1, idx, u)
print(torch.equal(vmap(g)(xs, vals), torch.stack([g(t, u) for t, u in zip(xs, vals)])))
print(vmap(g, in_dims=(0, None))(xs, torch.tensor(7.0)))
h = lambda t: t.clone().index_fill_(0, torch.tensor([1]), 3.0)
print(torch.equal(vmap(h, in_dims=2)(xs), torch.stack([h(t) for t in xs.unbind(2)])))
print(vmap(lambda t: t.index_fill(0, torch.tensor([0]), 9.0))(torch.arange(3.0)))
ys = xs.clone()
vmap(lambda t: t.index_fill_(0, torch.tensor([0]), 0.0))(ys)
print(ys)
pg = vmap(grad(lambda t: (t.index_fill(0, torch.tensor([1]), 0.0) ** 2).sum()))(xs)
print(pg)

# backward inside a compiled function.
def step(p, u):
    out = p.index_fill(0, torch.tensor([1]), u)
    loss = (out * out).sum()
    loss.backward()
    return loss

p1 = torch.arange(6.0).reshape(2, 3).requires_grad_()
u1 = torch.tensor(2.0, requires_grad=True)
print(torch.compile(step)(p1, u1), p1.grad, u1.grad)
