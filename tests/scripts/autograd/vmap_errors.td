import torch
from torch.func import vmap

# Issue 16: vmap's errors are PyTorch 2.15's (its output, exactly): what it
# cannot batch (Note [Batch levels]), and bad in_dims, out_dims, batch sizes,
# outputs and randomness.


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, ":", e)


x = torch.ones(2, 3)
show(lambda: vmap(lambda a: a.item())(torch.ones(2)))
show(lambda: vmap(lambda a: float(a))(torch.ones(2)))
show(lambda: vmap(lambda a: 1 if a.sum() else 0)(x))
show(lambda: vmap(lambda a, b: b.mul_(a), in_dims=(0, None))(x, torch.ones(3)))
show(lambda: vmap(lambda a, b: b.copy_(a), in_dims=(0, None))(x, torch.ones(3)))
show(lambda: vmap(lambda a, b: a.add_(b), in_dims=(0, None))(x.clone(), torch.ones(3)))
show(lambda: vmap(lambda a: vmap(lambda b: a.mul_(b))(torch.ones(4, 3)))(x.clone()))
show(lambda: vmap(lambda a: a + torch.randn(3))(x))
show(lambda: vmap(lambda a, b: a + b)(x, torch.ones(3, 3)))
show(lambda: vmap(lambda a, b: a + b, in_dims=(0,))(x, x))
show(lambda: vmap(lambda a, b: a + b, in_dims=[0, 0])(x, x))
show(lambda: vmap(lambda a, b: a + b, in_dims=(0, "a"))(x, x))
show(lambda: vmap(lambda a: a, in_dims=2)(x))
show(lambda: vmap(lambda a: a, in_dims=None)(x))
show(lambda: vmap(lambda a, b: a, in_dims=(0, 0))(x, 1))
show(lambda: vmap(lambda a, b: a, in_dims=(None, None))(x, x))
show(lambda: vmap(lambda a, b: a, in_dims=((0, 0), 0))(x, x))
show(lambda: vmap(lambda a, b: a, in_dims=(0, {"a": 0}))((x, x), {"b": x}))
show(lambda: vmap(lambda a: 1)(x))
show(lambda: vmap(lambda a: a, out_dims=2)(x))
show(lambda: vmap(lambda a: (a, a), out_dims=(0,))(x))
show(lambda: vmap(lambda a: a, out_dims=None)(x))
show(lambda: vmap(lambda a: a, randomness="foo")(x))
show(lambda: vmap(lambda a: a)())
show(lambda: vmap(lambda a: a)(torch.tensor(1.0)))
print("unbatched .item() is fine:", vmap(lambda a, s: a * s.item(), in_dims=(0, None))(x, torch.tensor(2.0)))
