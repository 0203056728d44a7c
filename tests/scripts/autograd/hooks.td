import torch

# Issue 16: Tensor.register_hook and its handle's remove() (Note [Tensor
# hooks] in autograd/engine.cpp): a hook sees the whole gradient of its
# tensor, may replace it, runs before .grad accumulation, retain_grad and
# torch.autograd.grad's capture; hooks chain in registration order.
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
seen = []
h1 = x.register_hook(lambda g: seen.append(g.clone()))
h2 = x.register_hook(lambda g: g * 10)
(x * x).sum().backward()
print(x.grad, seen)
h2.remove()
x.grad = None
(x * 3).sum().backward()
print(x.grad, len(seen), h2.remove())

y = x * 2
y.retain_grad()
hy = y.register_hook(lambda g: g + 1)
z = (y * y).sum()
z.backward()
print(y.grad, x.grad)

a = torch.tensor([0.5, -1.0], requires_grad=True)
b = a.exp()
b.register_hook(lambda g: g * 0)
a.register_hook(lambda g: g - 1)
print(torch.autograd.grad((b * a).sum(), a))
print(torch.autograd.grad((b * a).sum(), b))


def double(g):
    print("double sees", g)
    return g * 2


w = torch.tensor([1.0, -1.0], requires_grad=True)
w.register_hook(double)
out = w.sin()
out.register_hook(double)
out.sum().backward()
print(w.grad)

try:
    torch.ones(2).register_hook(double)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    v = torch.ones(2, requires_grad=True)
    v.register_hook(lambda g: g[:1])
    v.sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)
print(type(hy).__name__)
