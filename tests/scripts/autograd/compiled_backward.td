# torch.compile of functions whose results require grad, with the backward
# run outside the compiled function (Note [Compiled backward]): gradients,
# accumulation, cache hits, several results, saved tensors' versions,
# retain_graph, hooks, autograd.grad, in-place ops inside, buffers, no_grad,
# inputs with history (chained compiled calls, graph breaks) and a small
# training loop.
# Every float is printed with repr(), so the three modes agree bit for bit.
# The expected output is PyTorch 2.15 eager's, except two losses of the
# training loop ("step 0", "step 2"), one bit apart: tdsl sums float32
# in its own fixed order (Note [Reduction order]; inductor's own sums
# differ from PyTorch eager's on three of the four losses). PyTorch's
# torch.compile also differs from its eager on "only p", "p and r" and
# "autograd.grad": it gives q's unused gradient zeros, and 0 * inf = nan;
# tdsl traces a backward per set of results that get a gradient, as eager
# runs only their formulas.
import torch

def bits(t):
    return [repr(v) for v in t.detach().reshape(-1).tolist()]

w = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
x = torch.tensor([1.0, 2.0, 3.0])

@torch.compile
def f(w, x):
    return (w * x).sin()

y = f(w, x)
print(bits(y), y.requires_grad, y.is_leaf)
y.sum().backward()
print("grad", bits(w.grad))
y = f(w, x)
(y * y).sum().backward()
print("accumulated", bits(w.grad))
print(x.grad is None)

# Several results; a backward that reaches only some of them.
@torch.compile
def g(a, b):
    return a.sin() * b, (a * 1000.0).exp(), (a * b).sum()

a = torch.tensor([1.0, -2.0], requires_grad=True)
b = torch.tensor([3.0, 0.25], requires_grad=True)
p, q, r = g(a, b)
print(bits(p), bits(q), bits(r))
p.sum().backward()
print("only p", bits(a.grad), bits(b.grad))
a.grad = None
b.grad = None
p, q, r = g(a, b)
(p.sum() + r).backward()
print("p and r", bits(a.grad), bits(b.grad))
a.grad = None
b.grad = None
p, q, r = g(a, b)
torch.autograd.backward([p, q, r], [torch.ones(2), torch.full((2,), 0.5), torch.tensor(2.0)], retain_graph=True)
print("all", bits(a.grad), bits(b.grad))
ga, = torch.autograd.grad(r, [a])
print("autograd.grad", bits(ga), a.grad is not None)

# The gradient of a result given with another layout (expanded ones).
y = f(w, x)
y.backward(torch.ones(1).expand(3))
print("expanded", bits(w.grad))

# A saved tensor modified in place before the backward.
y = f(w, x)
z = y * 1.0
y2 = (w * x).exp()
@torch.compile
def h(w, x):
    return (w * x).exp()
e = h(w, x)
e.add_(1.0)
try:
    e.sum().backward()
except RuntimeError as err:
    print("RuntimeError:", str(err).split(":")[0])

# An input saved by the backward, modified after the forward.
c = torch.tensor([1.0, 2.0, 3.0])
y = f(w, c)
c.mul_(2.0)
try:
    y.sum().backward()
except RuntimeError as err:
    print("RuntimeError:", str(err).split(":")[0])

# retain_graph
y = f(w, x)
y.sum().backward(retain_graph=True)
y.sum().backward()
try:
    y.sum().backward()
except RuntimeError as err:
    print("RuntimeError:", str(err)[:60])

# Hooks and retain_grad on a result; its history continues outside.
w.grad = None
y = f(w, x)
y.retain_grad()
seen = []
y.register_hook(lambda g: seen.append(bits(g)))
(y * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
print("hook", seen, bits(y.grad), bits(w.grad))

# In-place ops inside the compiled function, and a buffer it updates.
count = torch.zeros(())
@torch.compile
def k(w, x, count):
    t = w * x
    t.add_(1.0)
    u = t.sin()
    u.mul_(t)
    count.add_(1)
    return u, t.detach()

w.grad = None
u, td = k(w, x, count)
u.sum().backward()
print("in-place", bits(u), bits(td), bits(w.grad), count.item())

# No grad: results do not require grad; then grad mode again.
with torch.no_grad():
    y = f(w, x)
print("no_grad", y.requires_grad, y.grad_fn is None)
y = f(w, x)
print("grad mode", y.requires_grad)

# Parameters read as globals, a result that is a scalar loss.
W = torch.tensor([[0.1, -0.2], [0.3, 0.4], [-0.5, 0.6]], requires_grad=True)
B = torch.tensor([0.01, -0.02], requires_grad=True)

@torch.compile
def loss_fn(xs, ys):
    return ((torch.tanh(xs @ W + B) - ys) ** 2).mean()

xs = torch.tensor([[1.0, 2.0, 3.0], [-1.0, 0.5, 0.25], [0.0, 1.0, -2.0], [2.0, -1.0, 1.0]])
ys = torch.tensor([[0.5, -0.5], [0.1, 0.2], [-0.3, 0.3], [0.0, 1.0]])
for step in range(4):
    loss = loss_fn(xs, ys)
    loss.backward()
    with torch.no_grad():
        W -= 0.1 * W.grad
        B -= 0.1 * B.grad
        W.grad.zero_()
        B.grad.zero_()
    print("step", step, repr(loss.item()))
print(bits(W), bits(B))

# A result whose backward reaches an input that does not require grad,
# and one input that is unused by the result.
@torch.compile
def m(a, b, c):
    return (a * b).sum()

a = torch.tensor([1.0, 2.0], requires_grad=True)
c = torch.tensor([5.0], requires_grad=True)
m(a, torch.tensor([3.0, 4.0]), c).backward()
print("unused", bits(a.grad), c.grad)

# Chained compiled calls: the second call's input has the first's history.
@torch.compile
def layer(w, h):
    return torch.sin(w * h + 0.5)

w.grad = None
h = x * 1.0
for i in range(3):
    h = layer(w, h)
h.sum().backward()
print("chain", bits(h), bits(w.grad))
a = torch.tensor([0.3, 0.1, -0.2], requires_grad=True)
h = a * 2
h.retain_grad()
order = []
h.register_hook(lambda g: order.append("h"))
w.register_hook(lambda g: order.append("w"))
y = layer(w, h)
order.append("forward")
y.sum().backward()
print("history", order, bits(h.grad), bits(a.grad), bits(w.grad))

# Results that are views of an input, or that share storage: eager's view
# semantics (the call runs eagerly).
@torch.compile
def halves(w):
    t = w * 2
    return t[1:], t[:1], w.view(3, 1)

p, q, r = halves(w)
(p.sum() * q + r.sum()).sum().backward()
print("views", bits(w.grad), type(r.grad_fn).__name__)

# Graph breaks: the tensors live at a break are results too, and the next
# graph takes them as inputs with history.
@torch.compile
def branchy(w, x):
    y = w * x
    if y.sum() > 0:
        z = y.sin()
    else:
        z = y.cos()
    print("between")
    return (z * y).sum(), y

w.grad = None
loss, y = branchy(w, x)
loss.backward()
print("breaks", bits(loss), bits(w.grad))
loss, y = branchy(w, -x)
(loss + y.sum()).backward()
print("breaks", bits(loss), bits(w.grad))

# float64
d = torch.tensor([0.25, 0.75], dtype=torch.float64, requires_grad=True)
y = f(d, torch.tensor([2.0, 3.0], dtype=torch.float64))
y.sum().backward()
print("float64", bits(d.grad))
