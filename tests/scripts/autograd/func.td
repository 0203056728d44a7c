import torch

# Issue 16: torch.func's grad, grad_and_value, vjp and jacrev, and the seed's
# Jacobian example (003: jacrev(field)(torch.tensor([1.0, 2.0]))).
def field(r):
    return torch.stack([r[0] * r[1], torch.sin(r[0])])

print(torch.func.jacrev(field)(torch.tensor([1.0, 2.0])))

def f(x):
    return (x.sin() * x).sum()

x = torch.tensor([0.5, 1.0, 2.0])
print(torch.func.grad(f)(x))
print(torch.func.grad_and_value(f)(x))
print(torch.func.grad(lambda a, b: (a * b).sum(), argnums=(0, 1))(x, x * 2))
print(torch.func.grad(lambda a, b: (a * b).sum(), argnums=1)(x, x * 2))
print(torch.func.grad(lambda a: ((a * a).sum(), a * 2), has_aux=True)(x))
out, vjp_fn = torch.func.vjp(lambda a: a.exp() * 2, x)
print(out, vjp_fn(torch.tensor([1.0, 0.0, 2.0])))
print(torch.func.jacrev(lambda a, b: a * b, argnums=1)(x, x + 1))
print(torch.func.grad(torch.func.grad(lambda a: a.sin() * a))(torch.tensor(1.0)))
print(x.requires_grad)
