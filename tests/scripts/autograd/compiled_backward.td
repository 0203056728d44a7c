import torch

# Issue 16: a torch.compile'd function that calls .backward() traces the joint
# forward+backward graph; the leaves' .grad equal eager's bit for bit
# (float64, printed with full precision by tolist()). The values are tdsl's;
# PyTorch 1.13 differs in the last bit of some (its matmul and mean sum in
# another order).


def step(w, b, x, y):
    pred = torch.tanh(x @ w + b)
    loss = ((pred - y) ** 2).mean()
    loss.backward()
    return loss.detach()


x = torch.linspace(-1.0, 1.0, 12, dtype=torch.float64).reshape(4, 3)
y = torch.tensor([0.5, -0.25, 1.0, 0.0], dtype=torch.float64)
w = torch.tensor([0.3, -0.2, 0.1], dtype=torch.float64, requires_grad=True)
b = torch.tensor(0.05, dtype=torch.float64, requires_grad=True)
cstep = torch.compile(step)

# .grad is None at the first call, then accumulates (the second trace).
for i in range(3):
    loss = cstep(w, b, x, y)
    print(i, loss.tolist(), w.grad.tolist(), b.grad.tolist())

# A training loop: the update runs eagerly under no_grad, the step compiled.
w.grad = None
b.grad = None
for i in range(4):
    loss = cstep(w, b, x, y)
    with torch.no_grad():
        w -= 0.5 * w.grad
        b -= 0.5 * b.grad
    w.grad = None
    b.grad = None
    print(i, loss.tolist(), w.tolist(), b.tolist())

# The returned .grad is the leaf's .grad object itself.
def grad_of(w, x):
    (x * w).sum().backward()
    return w.grad

v = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64, requires_grad=True)
g = torch.compile(grad_of)(v, torch.tensor([4.0, 5.0, 6.0], dtype=torch.float64))
print(g is v.grad, g.tolist(), g.requires_grad)

# backward(gradient=...) of a non-scalar, and torch.autograd.backward.
def vector_backward(w, x):
    y = torch.exp(w * x)
    y.backward(torch.tensor([1.0, 0.5, 0.25], dtype=torch.float64))
    torch.autograd.backward([(w * w).sum()])
    return y.detach()

v.grad = None
out = torch.compile(vector_backward)(v, torch.tensor([0.1, 0.2, 0.3], dtype=torch.float64))
print(out.tolist(), v.grad.tolist())
