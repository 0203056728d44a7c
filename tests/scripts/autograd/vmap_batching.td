import torch
from torch.func import vmap, grad

# Issue 16: vmap batches (Note [vmap by batching]): the function runs once.
# The output equals PyTorch 2.15's, but where its own torch.compile gives a
# different answer ("compiled == eager") and where it cannot run tensors
# that escaped a vmap call (the BatchedTensor lines at the end).
x = torch.arange(12.0).reshape(4, 3)
calls = []


def once(v):
    calls.append(1)
    print("inside:", v.shape)
    return v * 2


print(vmap(once)(x).shape, "calls", len(calls))
vmap(lambda v: (print(v), v)[1])(torch.arange(6.0).reshape(2, 3))
vmap(vmap(lambda v: (print(repr(v)), v)[1]))(torch.arange(6.0).reshape(2, 3))

# A parameter read from outside: its gradient sums over the samples.
W = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)
out = vmap(lambda v: (v * W).sum())(x)
print(out.detach(), out.requires_grad)
out.sum().backward()
print("W.grad", W.grad)
b = torch.tensor(2.0, requires_grad=True)
vmap(lambda v: v * b, out_dims=1)(x).pow(2).sum().backward()
print("b.grad", b.grad)

# Outputs that are not batched are expanded; out_dims=None needs unbatched outputs.
y = torch.ones(3)
r = vmap(lambda v: y, out_dims=1)(x)
print(r.shape, r.stride())
print(vmap(lambda v: (v.sum(), y), out_dims=(0, None))(x))
for f, kw in [(lambda v: v * 2, {"out_dims": (None,)}), (lambda v: (v * 2,), {"out_dims": (None,)}), (lambda v: v, {"out_dims": 3})]:
    try:
        vmap(f, **kw)(x)
    except Exception as e:
        print(type(e).__name__, e)

# In-place writes reach the input; views keep the batch.
z = x.clone()
vmap(lambda v: v[1:].mul_(10))(z)
print(z)
z = x.T.contiguous().T
vmap(lambda v: v.add_(torch.tensor([1.0, 2.0, 3.0])))(z)
print(z, z.stride())
print(vmap(lambda v: v.T.reshape(-1), in_dims=1)(torch.arange(24.0).reshape(2, 4, 3)))

# matmul ranks, batched and not.
torch.manual_seed(0)
A, B, v3 = torch.randn(4, 3, 5), torch.randn(5, 2), torch.randn(4, 5)
for name, f, dims in [
    ("mat@mat", torch.matmul, (0, None)),
    ("mat@vec", torch.matmul, (0, 0)),
    ("vec@mat", lambda a, b: b @ a, (None, 0)),
    ("dot", lambda a, b: torch.dot(a, b), (0, 0)),
    ("mv", torch.mv, (0, 0)),
]:
    a, bb = (A, B) if name == "mat@mat" else ((B, v3) if name == "vec@mat" else ((v3, v3) if name == "dot" else (A, v3)))
    got = vmap(f, in_dims=dims)(a, bb)
    n = 4
    loop = torch.stack([f(a if dims[0] is None else a[i], bb if dims[1] is None else bb[i]) for i in range(n)])
    print(name, tuple(got.shape), torch.allclose(got, loop, atol=1e-6))

# Reductions without dims, and over the flattened sample.
for name, f in [("amax", lambda t: t.amax()), ("sum", lambda t: t.sum()), ("argmax", lambda t: t.argmax()),
                ("var", lambda t: t.var()), ("norm", lambda t: t.norm()), ("prod", lambda t: t.prod()),
                ("max", lambda t: t.max()), ("mean0", lambda t: t.mean(0))]:
    got = vmap(f)(A)
    print(name, got.shape, torch.allclose(got, torch.stack([f(A[i]) for i in range(4)])))

# What vmap cannot batch: PyTorch's errors.
for name, f in [("nonzero", lambda t: torch.nonzero(t)), ("equal", lambda t: torch.equal(t, t)),
                ("allclose", lambda t: torch.allclose(t, t)), ("item", lambda t: t.sum().item()),
                ("if", lambda t: t if t.sum() > 0 else -t), ("inplace", lambda t: y.add_(t))]:
    try:
        vmap(f)(x)
        print(name, "no error")
    except Exception as e:
        print(name, type(e).__name__, e)

# randomness=
for mode in ["different", "same"]:
    torch.manual_seed(3)
    print(mode, vmap(lambda t: t + torch.rand(2), randomness=mode)(torch.zeros(3, 2)))
    torch.manual_seed(3)
    print(mode, vmap(lambda t: torch.randn_like(t), randomness=mode)(torch.zeros(3, 2)))
    torch.manual_seed(3)
    print(mode, vmap(lambda t: t.clone().uniform_(), randomness=mode)(torch.zeros(3, 2)))
try:
    vmap(lambda t: t + torch.rand(2))(torch.zeros(3, 2))
except RuntimeError as e:
    print(e)
try:
    vmap(lambda t: y.clone().normal_() + t, randomness="different")(torch.zeros(3, 3))
except RuntimeError as e:
    print(e)
try:
    vmap(lambda t: torch.zeros(3).normal_() + t, randomness="different")(torch.zeros(3, 3))
except RuntimeError as e:
    print(e)

# Per-sample gradients, nested vmap, and vmap of vmap of grad.
def loss(w, xi, yi):
    return ((xi @ w - yi) ** 2).mean()


w = torch.randn(3)
xs, ys = torch.randn(6, 3), torch.randn(6)
ps = vmap(grad(loss), in_dims=(None, 0, 0))(w, xs, ys)
loop = torch.stack([grad(loss)(w, xs[i], ys[i]) for i in range(6)])
print("per-sample", tuple(ps.shape), torch.allclose(ps, loop))
xs2 = torch.randn(2, 6, 3)
ps2 = vmap(vmap(grad(loss), in_dims=(None, 0, 0)), in_dims=(None, 0, None))(w, xs2, ys)
print("nested", tuple(ps2.shape), torch.allclose(ps2[1], vmap(grad(loss), in_dims=(None, 0, 0))(w, xs2[1], ys)))
print(vmap(vmap(lambda a, b: a * b), in_dims=(0, None))(torch.arange(6.0).reshape(2, 3), torch.arange(3.0)))
print(vmap(vmap(lambda a, b: a * b, in_dims=(0, None)), in_dims=(None, 0))(torch.arange(3.0), torch.arange(2.0)))

# Under torch.compile: what eager does (one call of the function, a draw for
# the whole batch); the tracer breaks the graph where tracing per sample
# would differ.
seen = []


def mutates(t):
    seen.append(t.shape)
    return t.sin()


def draws(t):
    return t + torch.randn(5)


def outer(t):
    return vmap(mutates)(t) + 1, vmap(draws, randomness="different")(t)


torch.manual_seed(5)
r1 = torch.compile(outer)(torch.ones(4, 5))
n1 = len(seen)
torch.manual_seed(5)
r2 = outer(torch.ones(4, 5))
print("compiled == eager", torch.equal(r1[0], r2[0]), torch.equal(r1[1], r2[1]), n1, len(seen) - n1)

# A batched tensor has no data of its own to read.
for name, f in [("tolist", lambda t: t.tolist()), ("numpy", lambda t: t.numpy()), ("data_ptr", lambda t: t.data_ptr()),
                ("float", lambda t: float(t.sum())), ("list", lambda t: list(t))]:
    try:
        r = vmap(lambda t: (f(t), t)[1])(x)
        print(name, "ok", r.shape)
    except Exception as e:
        print(name, type(e).__name__, e)

# as_strided: each sample's view from its own start, and within the sample.
print(vmap(lambda v: v.as_strided((2,), (2,), 0))(torch.arange(12.0).reshape(4, 3)))
try:
    vmap(lambda v: v.as_strided((3,), (1,), 9))(torch.zeros(4, 3))
except RuntimeError as e:
    print(e)

# chunk_size: one batched call per chunk (Note [vmap chunks]).
n = []
def f(t):
    n.append(t.shape[0] if t.dim() > 0 else 0)
    return t * 2, t.sum()
x = torch.arange(10.0).reshape(5, 2)
a, b = vmap(f, chunk_size=2)(x)
print(a, b, len(n))
print(vmap(f, chunk_size=2, out_dims=(1, 0))(x)[0].shape, len(n))
torch.manual_seed(0)
print(vmap(lambda t: t + torch.rand(2), randomness="same", chunk_size=2)(torch.zeros(5, 2)))
torch.manual_seed(0)
print(vmap(lambda t: t + torch.rand(2), randomness="different", chunk_size=2)(torch.zeros(5, 2)))
print(vmap(lambda t, u: t * u, in_dims=(0, None), chunk_size=3)(x, torch.tensor([1.0, -1.0])))

# Dim lists: empty means every dim for reductions only.
x = torch.arange(24.).reshape(2, 3, 4)
for name, f in [("flip[]", lambda t: t.flip([])), ("roll", lambda t: t.roll(1)), ("sum[]", lambda t: t.sum([])),
                ("var None", lambda t: t.var(None)), ("amax[]", lambda t: t.amax([])), ("count_nonzero", lambda t: torch.count_nonzero(t, dim=1)),
                ("mean None", lambda t: t.mean(None)), ("std", lambda t: t.std(dim=(0, 1))), ("logsumexp", lambda t: t.logsumexp((0, 1)))]:
    try:
        got = vmap(f)(x)
        loop = torch.stack([f(x[i]) for i in range(2)])
        print(name, tuple(got.shape), torch.allclose(got.float(), loop.float()))
    except Exception as e:
        print(name, type(e).__name__, e)

# A batched tensor that escaped its call keeps its samples; a compiled
# function whose graph was traced for plain tensors does not read only the
# first sample of it (its guards refuse batched tensors).
escaped = []
vmap(lambda t: (escaped.append(t * 2), t)[1])(torch.arange(6.0).reshape(2, 3))
sin1 = torch.compile(lambda a: a.sin() + 1)
print(sin1(torch.zeros(3)))
print(sin1(escaped[0]))
print(escaped[0] + 1)
