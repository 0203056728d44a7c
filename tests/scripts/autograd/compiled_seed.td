import math
import torch

# Issue 16: the seed's differentiable simulator (003_e12ed3b1f0b621c7.txt):
# the loss and its backward through 300 integrator steps are one compiled
# joint graph; Adam (PyTorch's update, written out: tdsl has no torch.optim)
# runs eagerly under no_grad. Prints what the seed prints.


def simulate(c, k=4.0, dt=0.01, steps=300):
    x, v, xs = torch.tensor(1.0), torch.tensor(0.0), []
    for _ in range(steps):
        v = v + dt * (-k * x - c * v)
        x = x + dt * v
        xs.append(x)
    return torch.stack(xs)


observed = simulate(torch.tensor(0.8))


@torch.compile
def loss_and_grad(c, observed):
    loss = ((simulate(c) - observed) ** 2).mean()
    loss.backward()
    return loss.detach()


c = torch.tensor(0.1, requires_grad=True)
lr, beta1, beta2, eps = 0.05, 0.9, 0.999, 1e-8
exp_avg, exp_avg_sq = torch.zeros(()), torch.zeros(())
for it in range(201):
    c.grad = None
    loss = loss_and_grad(c, observed)
    with torch.no_grad():
        g = c.grad
        step = it + 1
        exp_avg.mul_(beta1).add_(g, alpha=1 - beta1)
        exp_avg_sq.mul_(beta2).addcmul_(g, g, value=1 - beta2)
        bias_correction1 = 1 - beta1 ** step
        bias_correction2 = 1 - beta2 ** step
        denom = (exp_avg_sq.sqrt() / math.sqrt(bias_correction2)).add_(eps)
        c.addcdiv_(exp_avg, denom, value=-lr / bias_correction1)
    if it % 50 == 0:
        print(f"반복 {it:3d}  c = {c.item():.4f}  손실 {loss.item():.2e}")
print(repr(c.item()), repr(c.grad.item()))

# The seed's Jacobian: jacrev is traced into the graph with its backward
# (Note [Function transforms under the tracer]), no graph break.
from torch.func import jacrev


def field(r):
    return torch.stack([r[0] * r[1], torch.sin(r[0])])


@torch.compile
def jacobian_at(r):
    return jacrev(field)(r * 1.0)


print("Jacobian at (1, 2)\n", jacobian_at(torch.tensor([1.0, 2.0])).numpy().round(4))
