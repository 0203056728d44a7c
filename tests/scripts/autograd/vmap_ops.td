import torch
from torch.func import vmap

# Issue 16: vmap over the ops scripts use equals a Python loop over the
# samples, bit for bit (Note [vmap by samples]), at in_dims 0 and 1 and
# out_dims 0 and -1. PyTorch's batching rules run other kernels for some ops
# (matmul, erf, ...), so its results differ from the loop in the last bits
# there: its "bit for bit" count is lower, everything else prints the same.
torch.manual_seed(1)
x = torch.randn(4, 3, 5)
y = torch.randn(4, 3, 5)
m = torch.randn(4, 5, 2)
idx = torch.tensor([2, 0, 1])
cases = [
    ("add", lambda a, b: a + b * 2),
    ("sub_mul_div", lambda a, b: (a - b) * a / (b.abs() + 1)),
    ("pow", lambda a, b: a.abs() ** 1.5 + torch.pow(b.abs(), a)),
    ("unary", lambda a, b: a.exp() + a.sin() + b.cos() + a.tanh() + b.sigmoid() + a.relu()),
    ("more_unary", lambda a, b: torch.sinh(a) + torch.asin(b.clamp(-1, 1)) + torch.log1p(a.abs()) + torch.erf(b) + torch.expm1(a)),
    ("sum", lambda a, b: a.sum() + b.sum(0).sum()),
    ("mean_dim", lambda a, b: a.mean(1) + b.mean(dim=-1, keepdim=True).squeeze(-1)),
    ("max_min", lambda a, b: a.max(1).values + b.min(1).values + a.amax(0).sum()),
    ("softmax", lambda a, b: torch.softmax(a, -1) + torch.log_softmax(b, 0)),
    ("cumsum", lambda a, b: a.cumsum(1) + b.cumprod(0)),
    ("matmul", lambda a, b: a @ b.T),
    ("mm", lambda a, b: torch.mm(a, b.t())),
    ("views", lambda a, b: a.reshape(5, 3).T + b.view(15).reshape(5, 3).permute(1, 0)),
    ("transpose_flatten", lambda a, b: a.transpose(0, 1).flatten() + b.t().contiguous().flatten()),
    ("unsqueeze_expand", lambda a, b: a.unsqueeze(0).expand(2, 3, 5) + b),
    ("slicing", lambda a, b: a[1:, ::2] + b[:2, 1::2].sum(1, keepdim=True)),
    ("select", lambda a, b: a[0] + b[-1]),
    ("index", lambda a, b: a[idx] + b[:, idx].sum(1, keepdim=True)),
    ("index_select", lambda a, b: a.index_select(0, idx) + torch.gather(b, 1, torch.zeros(3, 5, dtype=torch.long))),
    ("where", lambda a, b: torch.where(a > b, a, b) + a.masked_fill(b < 0, 0.0)),
    ("cat_stack", lambda a, b: torch.cat([a, b], 0).sum(0) + torch.stack([a, b]).mean(0)),
    ("sort_topk", lambda a, b: a.sort(1).values + b.topk(2, dim=1).values.sum(1, keepdim=True)),
    ("flip_roll", lambda a, b: a.flip(0) + b.roll(1, 1) + torch.triu(a[:, :3]).sum()),
    ("comparisons", lambda a, b: (a > 0).float() + (b <= a).to(torch.float32)),
    ("clone_inplace", lambda a, b: a.clone().mul_(2).add_(b)),
    ("norms", lambda a, b: a.norm(dim=1) + b.var(1) + b.std(1)),
]
exact = 0
for name, f in cases:
    for dim in (0, 1):
        xs = x.movedim(0, dim)
        ys = y.movedim(0, dim)
        loop = torch.stack([f(x[i], y[i]) for i in range(4)])
        got = vmap(f, in_dims=(dim, dim))(xs, ys)
        print(name, dim, tuple(got.shape), torch.allclose(got, loop))
        exact += torch.equal(got, loop)
    got = vmap(f, out_dims=-1)(x, y)
    print(name, "out -1", torch.allclose(got, loop.movedim(0, -1)))
    exact += torch.equal(got, loop.movedim(0, -1))
loop = torch.stack([x[i] @ m[i] for i in range(4)])
print("bmm-like", torch.allclose(vmap(torch.matmul)(x, m), loop), torch.equal(vmap(torch.mm)(x, m), torch.bmm(x, m)))
exact += torch.equal(vmap(torch.matmul)(x, m), loop)
print("bit for bit", exact, "of", 3 * len(cases) + 1)
w = torch.randn(5, 2)
print("unbatched operand", torch.equal(vmap(torch.mm, in_dims=(0, None))(x, w), torch.stack([x[i] @ w for i in range(4)])))
print("scalar args", vmap(lambda a, k: a * k, in_dims=(0, None))(torch.arange(3.0), 2.5))
print("kwargs unbatched", vmap(lambda a, scale=1.0: a * scale)(torch.arange(3.0), scale=3.0))
print("tuple in_dims", vmap(lambda p: p[0] + p[1], in_dims=((0, 1),))((torch.arange(6.0).reshape(2, 3), torch.arange(6.0).reshape(3, 2))))
print("dict input and output", vmap(lambda d: {"s": d["a"].sum(), "t": (d["a"] * 2, d["b"])})({"a": torch.ones(2, 3), "b": torch.arange(2.0)}))
print("list output and out_dims", vmap(lambda a: [a, a.sum()], out_dims=[1, 0])(torch.arange(6.0).reshape(2, 3)))
print("empty batch", vmap(lambda a: a.sum(0))(torch.ones(0, 3, 2)).shape)
print("chunk_size", vmap(lambda a: a.sum(), chunk_size=2)(torch.ones(5, 3)))
print("ints", vmap(lambda a: a * 2 + 1)(torch.arange(6).reshape(3, 2)))
print("writes through", vmap(lambda a: a.mul_(10))(torch.arange(4.0).reshape(2, 2)))
z = torch.arange(4.0).reshape(2, 2)
vmap(lambda a: a.add_(1))(z)
print("input written", z)
print("torch.vmap", torch.vmap(lambda a: a.sum())(torch.ones(2, 3)))
