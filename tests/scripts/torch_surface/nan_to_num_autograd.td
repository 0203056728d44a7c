# nan_to_num's gradient (NanToNumBackward0: the gradient where self was
# finite, 0 elsewhere), a finite-difference check in float64, vmap against a
# Python loop, and backward in a compiled function (checked against
# PyTorch 2.15).
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


nan, inf = float("nan"), float("inf")
x = torch.tensor([1.0, nan, inf, -inf, -2.0], requires_grad=True)
y = x.nan_to_num(0.0, 1.0, -1.0)
print(y.grad_fn.name())
(y * torch.arange(5.0)).sum().backward()
print(x.grad)
x.grad = None
(x * 2).nan_to_num().sum().backward()
print(x.grad)
# In place on a non-leaf: the gradient uses self before the write.
x.grad = None
z = x * 3
z.nan_to_num_()
print(z.grad_fn.name())
z.sum().backward()
print(x.grad)
x.grad = None
z = x.reshape(1, 5) * 1
z[:, 1:3].nan_to_num_(posinf=5.0)
print(z.grad_fn.name())
z.sum().backward()
print(x.grad)
# A NaN gradient stays NaN where self was finite; elsewhere it is zeroed
# (g * isfinite(self) multiplies: 0 * inf is NaN, as in PyTorch).
x.grad = None
x.nan_to_num().backward(torch.tensor([nan, 1.0, 2.0, inf, 3.0]))
print(x.grad)
s = torch.tensor(inf, dtype=torch.float64, requires_grad=True)
s.nan_to_num().backward()
print(s.grad)

x0 = torch.arange(6, dtype=torch.float64).reshape(2, 3).cos().requires_grad_()
print(gradcheck(lambda t: t.nan_to_num() * t, x0))
print(gradcheck(lambda t: (t / (t - t[0, 0])).nan_to_num(0.5, 2.0, -2.0).sum(0), x0))
print(gradcheck(lambda t: (t * 1).t().nan_to_num_(), x0))

# vmap against a loop over the samples.
xs = torch.tensor([[[nan, 1.0], [inf, -inf]], [[2.0, nan], [-3.0, inf]], [[inf, inf], [nan, 0.0]]])
f = lambda t: t.nan_to_num(1.0, 2.0)
print(torch.equal(vmap(f)(xs), torch.stack([f(t) for t in xs])))
print(torch.equal(vmap(f, in_dims=2)(xs), torch.stack([f(t) for t in xs.unbind(2)])))
print(vmap(lambda t: t.clone().nan_to_num_(neginf=0.0))(xs))
ys = xs.clone()
vmap(lambda t: t.nan_to_num_())(ys)
print(ys)
print(vmap(grad(lambda t: (t.nan_to_num() * t).sum()))(torch.tensor([[1.0, 2.0], [inf, 3.0]])))

# backward inside a compiled function.
def step(p):
    out = (p / p.sum()).nan_to_num(posinf=0.0)
    loss = (out * out).sum()
    loss.backward()
    return loss

p1 = torch.tensor([[1.0, -1.0], [2.0, 3.0]], requires_grad=True)
print(torch.compile(step)(p1).item(), p1.grad)
p2 = torch.tensor([[1.0, -1.0], [2.0, -2.0]], requires_grad=True)
print(torch.compile(step)(p2).item(), p2.grad)
