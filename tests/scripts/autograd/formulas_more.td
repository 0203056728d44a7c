import torch

# Issue 16: the derivative rows of the ops merged in session 5: each op's
# grad_fn name and its float64 gradient, against PyTorch 1.13.
x = (torch.arange(12, dtype=torch.float64).reshape(3, 4) * 0.37).sin() * 0.4 + 0.8
x.requires_grad_()
v = torch.tensor([0.3, -0.6, 0.9, 1.2], dtype=torch.float64, requires_grad=True)
b = ((torch.arange(24, dtype=torch.float64) * 0.53).cos() * 0.7).reshape(2, 3, 4).requires_grad_()
fs = {
 'cosh': lambda: x.cosh(), 'sinh': lambda: x.sinh(), 'acosh': lambda: (x+1).acosh(), 'asinh': lambda: x.asinh(), 'atanh': lambda: (x/3).atanh(),
 'tan': lambda: x.tan(), 'asin': lambda: (x/3).asin(), 'acos': lambda: (x/3).acos(), 'atan': lambda: x.atan(), 'erf': lambda: x.erf(),
 'expm1': lambda: x.expm1(), 'exp2': lambda: x.exp2(), 'log1p': lambda: x.log1p(), 'log2': lambda: x.log2(), 'log10': lambda: x.log10(),
 'rsqrt': lambda: x.rsqrt(), 'square': lambda: x.square(), 'sign': lambda: x.sign(), 'trunc': lambda: x.trunc(), 'frac': lambda: x.frac(),
 'clamp_min': lambda: x.clamp_min(0.7), 'clamp_max': lambda: x.clamp_max(0.7), 'fmod.Scalar': lambda: x.fmod(0.3), 'fmod.Tensor': lambda: x.fmod(x*0+0.3),
 'atan2': lambda: torch.atan2(x, x+1), 'lerp.Scalar': lambda: x.lerp(x*2, 0.3), 'lerp.Tensor': lambda: x.lerp(x*2, x),
 'addcmul': lambda: x.addcmul(x, x), 'addcdiv': lambda: x.addcdiv(x, x), 'mv': lambda: x.mv(v), 'bmm': lambda: b.bmm(b.transpose(1,2)),
 'outer': lambda: torch.outer(v, v), 'addr': lambda: torch.addr(x, x[:,0].detach(), v), 'trace': lambda: x.trace(),
 'amax': lambda: x.amax(1), 'amin': lambda: x.amin(), 'logsumexp': lambda: x.logsumexp(1), 'var': lambda: x.var(), 'var.dim': lambda: x.var(1),
 'var.correction': lambda: x.var(1, correction=0), 'std': lambda: x.std(), 'std.dim': lambda: x.std(1), 'std.correction': lambda: x.std(1, correction=0),
 'norm.Scalar': lambda: x.norm(), 'norm.Scalar3': lambda: x.norm(3), 'norm.ScalarOpt_dim': lambda: x.norm(dim=1), 'softmax': lambda: x.softmax(1), 'log_softmax': lambda: x.log_softmax(1),
 'median': lambda: x.median(), 'median.dim': lambda: x.median(1).values, 'cumsum': lambda: x.cumsum(1), 'cumprod': lambda: x.cumprod(1),
 'sort': lambda: x.sort(1).values, 'sort.stable': lambda: x.sort(stable=True, dim=1).values, 'topk': lambda: x.topk(2).values,
 'flip': lambda: x.flip(0), 'fliplr': lambda: x.fliplr(), 'flipud': lambda: x.flipud(), 'roll': lambda: x.roll(1, 1), 'triu': lambda: x.triu(), 'tril': lambda: x.tril(),
 'repeat': lambda: x.repeat(2, 1, 2), 'swapdims': lambda: x.swapdims(0, 1), 'swapaxes': lambda: x.swapaxes(0, 1), 'movedim.int': lambda: x.movedim(0, 1), 'movedim.intlist': lambda: x.movedim([0], [1]),
 'unfold': lambda: x.unfold(1, 2, 1), 'unfold_overlap3': lambda: x.unfold(1, 3, 1), 'unfold_step': lambda: x.unfold(0, 2, 1),
 'cumprod_zeros': lambda: (x * torch.tensor([1.0, 0.0, 1.0, 0.0], dtype=torch.float64)).cumprod(1), 'cumprod_one_zero': lambda: (x * torch.tensor([1.0, 1.0, 0.0, 1.0], dtype=torch.float64)).cumprod(1),
 'amax_ties': lambda: x.clamp_max(1.0).amax(1), 'norm_inf': lambda: v.norm(float("inf")), 'norm_1_dim': lambda: x.norm(1, dim=0),
 'sort_desc': lambda: x.sort(0, descending=True).values, 'topk_smallest': lambda: x.topk(2, dim=0, largest=False).values,
 'prod': lambda: x.prod(), 'prod_zero': lambda: (x * torch.tensor([1.0, 0.0, 1.0, 1.0], dtype=torch.float64)).prod(), 'prod_two_zeros': lambda: (x * torch.tensor([1.0, 0.0, 1.0, 0.0], dtype=torch.float64)).prod(),
 'prod.dim_int': lambda: x.prod(1), 'prod_dim_zero': lambda: (x * torch.tensor([1.0, 0.0, 1.0, 1.0], dtype=torch.float64)).prod(0, keepdim=True),
 'diff': lambda: x.diff(), 'diff2': lambda: x.diff(n=2, dim=0, prepend=v[None] * 1, append=b[0] * 1),
 'block_diag': lambda: torch.block_diag(x, v * 2, b[0, 0, 0] * 1),
 'var_keepdim': lambda: x.var(0, keepdim=True), 'std_all': lambda: b.std(), 'logsumexp_keep': lambda: b.logsumexp((0, 2), keepdim=True), 'diagonal_scatter': lambda: torch.diagonal_scatter(x, x[:, 0]),
}
for k, f in fs.items():
    out = f()
    w = torch.arange(out.numel(), dtype=torch.float64).reshape(out.shape) * 0.25 + 1
    gx, gv, gb = torch.autograd.grad((out * w).sum(), (x, v, b), allow_unused=True)
    print(k, out.grad_fn.name())
    for g in (gx, gv, gb):
        if g is not None:
            print(" ", g.flatten().numpy().round(6).tolist())
