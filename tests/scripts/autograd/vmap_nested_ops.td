import torch
from torch.func import vmap

# Issue 16: the batching rules (Note [Batched tensors]) at two levels: every
# case of vmap_ops.td under vmap(vmap(f, in_dims=1), in_dims=0), on inputs
# whose batch dims are apart and not outermost, against a double loop.
torch.manual_seed(2)
x = torch.randn(2, 4, 3, 5).transpose(1, 2)  # (2, 3, 4, 5): the inner batch in dim 2 of x
y = torch.randn(2, 3, 4, 5)
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
    ("views", lambda a, b: a.reshape(5, 3).T + b.reshape(15).reshape(5, 3).permute(1, 0)),
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
close = 0
for name, f in cases:
    got = vmap(vmap(f, in_dims=(1, 1)), in_dims=(0, 0))(x, y)
    loop = torch.stack([torch.stack([f(x[i, :, j], y[i, :, j]) for j in range(4)]) for i in range(2)])
    ok = got.shape == loop.shape and torch.allclose(got, loop, atol=1e-5)
    close += ok
    if not ok:
        print(name, tuple(got.shape), tuple(loop.shape))
print("close to the loop", close, "of", len(cases))
