# Issue 16: create_graph=True gives gradients with history (a double backward), and grad_fn's repr, next_functions and reshape's node names as PyTorch 1.13.
import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x ** 3
g = torch.autograd.grad(y.sum(), x, create_graph=True)[0]
print(g)
g.sum().backward()
print(x.grad)
x.grad = None
e = x.exp()
g2 = torch.autograd.grad(e.sum(), x, create_graph=True)[0]
g2.sum().backward()
print(x.grad)
m = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
print(m.t().grad_fn.name(), m.reshape(4).grad_fn.name(), m.t().reshape(4).grad_fn.name(), (m @ m).grad_fn.name())
print(m.sum(0).grad_fn.next_functions[0][0].name(), m.sum(0).grad_fn.next_functions[0][1])
print(m.max(0))
