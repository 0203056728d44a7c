# cummax/cummin gradients (CummaxBackward0, CumminBackward0: each output's
# gradient added at the index it came from), a finite-difference check in
# float64, vmap against a Python loop, and backward in a compiled function
# (checked against PyTorch 2.15).
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


x = torch.tensor([[3.0, 1.0, 4.0, 1.0, 5.0], [9.0, 2.0, 6.0, 5.0, 3.0]], requires_grad=True)
w = torch.arange(10.0).reshape(2, 5) + 1
v = x.cummax(1).values
print(v.grad_fn.name())
(v * w).sum().backward()
print(x.grad)
x.grad = None
lo, at = torch.cummin(x, 0)
print(lo.grad_fn.name(), at.requires_grad)
(lo * w).sum().backward()
print(x.grad)
# Ties and NaN: the gradient follows the indices.
t = torch.tensor([2.0, 2.0, 1.0, float("nan"), 3.0], requires_grad=True)
t.cummax(0).values.backward(torch.tensor([1.0, 10.0, 100.0, 1000.0, 10000.0]))
print(t.grad)
t.grad = None
t.cummin(0)[0].backward(torch.tensor([1.0, 10.0, 100.0, 1000.0, 10000.0]))
print(t.grad)
s = torch.tensor(2.0, requires_grad=True)
s.cummax(0).values.backward()
print(s.grad)
e = torch.zeros(0, 2, requires_grad=True)
e.cummin(1).values.sum().backward()
print(e.grad)
y = x.t() * 1
y.cummax(-1).values.sum().backward()
print(x.grad)

x0 = (torch.arange(12, dtype=torch.float64) * 1.7).sin().reshape(3, 4).requires_grad_()
print(gradcheck(lambda a: a.cummax(1).values, x0))
print(gradcheck(lambda a: a.cummin(0).values * a, x0))
print(gradcheck(lambda a: a.t().cummax(-1).values.cumsum(0), x0))

# vmap against a loop over the samples.
xs = (torch.arange(24.0) * 0.9).cos().reshape(2, 3, 4)
f = lambda a: a.cummax(1)
got = vmap(f)(xs)
print(torch.equal(got.values, torch.stack([f(a).values for a in xs])), torch.equal(got.indices, torch.stack([f(a).indices for a in xs])))
g = lambda a: a.cummin(-1).indices
print(torch.equal(vmap(g, in_dims=2)(xs), torch.stack([g(a) for a in xs.unbind(2)])))
print(vmap(lambda a: a.cummax(0).values)(torch.tensor([1.0, 2.0, 0.5])))
print(vmap(grad(lambda a: (a.cummax(0).values * a).sum()))(xs[0]))

# backward inside a compiled function.
def step(p):
    hi = p.cummax(1).values
    loss = (hi * hi).sum() - p.cummin(0).values.sum()
    loss.backward()
    return loss

p1 = torch.tensor([[1.0, 3.0, 2.0], [0.5, 0.5, 4.0]], requires_grad=True)
print(torch.compile(step)(p1).item(), p1.grad)
