import torch

# Issue 16: leaves, non-leaves, grad_fn names, accumulation, retain_grad,
# torch.autograd.grad and grad mode, as PyTorch 1.13.
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
print(x, x.requires_grad, x.is_leaf, x.grad_fn, x.grad)
y = x * 2
print(y, y.requires_grad, y.is_leaf, y.grad_fn.name())
z = (y * y).sum()
print(z)
z.backward()
print(x.grad)
(x * x).sum().backward()
print(x.grad)
x.grad = None
print(x.grad)

w = torch.zeros(2, 3, requires_grad=True)
print(w.requires_grad, torch.ones(2).requires_grad, torch.ones(2).is_leaf)
p = torch.ones(3)
p.requires_grad_()
print(p.requires_grad, p.is_leaf)
print(p.requires_grad_(False).requires_grad)
p.requires_grad = True
print(p)

# retain_grad on a non-leaf
h = x * 3
h.retain_grad()
(h * h).sum().backward()
print(h.grad, h.retains_grad, x.grad)

# detach and detach_
d = (x * 2).detach()
print(d.requires_grad, d.is_leaf, d.grad_fn)
e = x * 2
e.detach_()
print(e.requires_grad, e.is_leaf)

# torch.autograd.grad does not touch .grad
x.grad = None
g = torch.autograd.grad((x ** 3).sum(), x)
print(g, x.grad)
a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0, requires_grad=True)
print(torch.autograd.grad(a * b, [a, b]))
print(torch.autograd.grad(a * 2, [a, b], allow_unused=True))
out = a * b
print(torch.autograd.grad(out, a, retain_graph=True), torch.autograd.grad(out, b))
print(torch.autograd.grad(x * 2, x, grad_outputs=torch.tensor([1.0, 0.5, 0.0])))

# backward with an explicit gradient, retain_graph
v = x * x
v.backward(torch.tensor([1.0, 1.0, 0.5]), retain_graph=True)
v.backward(torch.tensor([1.0, 0.0, 0.0]))
print(x.grad)

# grad mode
print(torch.is_grad_enabled())
torch.set_grad_enabled(False)
q = x * 2
print(torch.is_grad_enabled(), q.requires_grad, q.grad_fn)
torch.set_grad_enabled(True)
print(torch.is_grad_enabled(), (x * 2).requires_grad)
ng = torch.no_grad()
ng.__enter__()
print(torch.is_grad_enabled(), (x * 2).requires_grad)
eg = torch.enable_grad()
eg.__enter__()
print(torch.is_grad_enabled(), (x * 2).requires_grad)
eg.__exit__(None, None, None)
print(torch.is_grad_enabled())
ng.__exit__(None, None, None)
print(torch.is_grad_enabled())
im = torch.inference_mode()
im.__enter__()
print(torch.is_grad_enabled(), torch.is_inference_mode_enabled(), (x * 2).requires_grad)
im.__exit__(None, None, None)
print(torch.is_grad_enabled(), torch.is_inference_mode_enabled())

@torch.no_grad()
def doubled(t):
    return t * 2

print(doubled(x).requires_grad, torch.is_grad_enabled())

# the SGD step the tutorials write under no_grad
wt = torch.tensor([0.5, -1.0], requires_grad=True)
data = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
target = torch.tensor([1.0, 0.0])
for step in range(3):
    loss = ((data @ wt - target) ** 2).mean()
    loss.backward()
    torch.set_grad_enabled(False)
    wt -= 0.05 * wt.grad
    torch.set_grad_enabled(True)
    wt.grad = None
    print(step, loss)
print(wt)
