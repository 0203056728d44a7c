import torch
from torch.func import grad, grad_and_value, vjp

# Issue 16: a compiled training step that takes grad(loss)(w, ...) and then
# updates w in place. The transform's leaf is a detached alias of w, so w's
# storage has views (matmul's, slicing's) while autograd records; the write
# itself needs no autograd (nothing in it requires grad), so it is traced
# (Note [Writes autograd does not record]) and the step is one graph
# (sgd, sgd_value, sliced: the slices a formula saved are released by the
# backward). While a view of w that requires grad is still live
# (view_output: the vjp's output) eager would replay its grad_fn after the
# write, so that call breaks the graph; its results are eager's all the
# same. Values
# printed in full precision (tolist) so every mode is compared bit for bit.
# The values are tdsl's: PyTorch's differ in the last bit in sgd and
# sgd_value (its matmul and mean sum in another order); sliced and
# view_output are PyTorch's exactly.


def loss(w, x, y):
    return ((torch.tanh(x @ w) - y) ** 2).mean()


def sgd(w, x, y):
    g = grad(loss)(w, x, y)
    w.sub_(g * 0.5)
    return g


def sgd_value(w, x, y):
    g, v = grad_and_value(loss)(w, x, y)
    w -= 0.5 * g
    return v


def sliced(w, x, y):
    g = grad(lambda a: (a[1:] * x[0, 1:]).sum() + (a[0] * a[2]))(w)
    w[1:].add_(g[1:])
    return g


# The vjp's output is a view of its leaf (p[0:2]); w is written before the
# vjp_fn runs, and in eager the view's grad_fn replays from its base.
def view_output(w):
    out, fn = vjp(lambda p: p[0:2], w)
    w.add_(1)
    return out * 1, fn(torch.tensor([1.0, 2.0], dtype=torch.float64))[0]


x = torch.linspace(-1.0, 1.0, 12, dtype=torch.float64).reshape(4, 3)
y = torch.tensor([0.5, -0.25, 1.0, 0.0], dtype=torch.float64)
for f in (sgd, sgd_value, sliced):
    w = torch.tensor([0.3, -0.2, 0.1], dtype=torch.float64)
    cf = torch.compile(f)
    for i in range(3):
        r = cf(w, x, y)
        print(f.__name__, i, r.tolist(), w.tolist())

w = torch.tensor([0.3, -0.2, 0.1], dtype=torch.float64)
out, g = torch.compile(view_output)(w)
print("view_output", out.tolist(), g.tolist(), w.tolist())
