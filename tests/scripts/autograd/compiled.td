import torch
# (The last line is tdsl.explain's; the others match PyTorch 1.13 eager.)
import tdsl

# Issue 16: a torch.compile'd function that touches autograd equals eager.
# These cases keep autograd in the VM: a returned loss with its grad_fn
# (Note [Joint graphs]), requires_grad_(), set_grad_enabled().
def step(w, data, target):
    pred = data @ w
    loss = ((pred - target) ** 2).mean()
    loss.backward()
    return loss

w = torch.tensor([0.5, -1.0], requires_grad=True)
data = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
target = torch.tensor([1.0, 0.0])
cstep = torch.compile(step)
print(cstep(w, data, target), w.grad)
w.grad = None
print(step(w, data, target), w.grad)

def make_leaf(x):
    y = x * 2
    y.requires_grad_()
    z = (y * y).sum()
    z.backward()
    return y.grad

print(torch.compile(make_leaf)(torch.ones(2)))

def no_grad_inside(x):
    torch.set_grad_enabled(False)
    y = x * 2
    torch.set_grad_enabled(True)
    return y.requires_grad

print(torch.compile(no_grad_inside)(torch.ones(2, requires_grad=True)))
e = tdsl.explain(step)(w, data, target)
print(e.graph_break_count > 0, [r.split(" at ")[0] for r in e.break_reasons][:2])
