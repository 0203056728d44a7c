import torch
from torch.func import grad, jacrev, jvp, vjp, vmap

# Issue 16: functorch refuses an in-place write into a tensor the
# transformed function captured (Note [Captured tensors] in
# autograd/dispatch.h); tensors made inside the call and the transform's
# inputs may be written. The same in a compiled function (cases below `cf`).
buf = torch.zeros(3)
x = torch.ones(3)


def attempt(name, f, *args):
    try:
        print(name, "ok", f(*args))
    except RuntimeError as e:
        print(name, "RuntimeError", e)


def set_first(a):
    buf[0] = 1.0
    return (a * 2).sum()


def copy_tail(a):
    buf[1:] = a.detach()[1:]
    return (a * 2).sum()


def index_add(a):
    buf[torch.tensor([0, 2])] += 1.0
    return (a * 2).sum()


cases = [
    ("captured add_", grad(lambda a: (buf.add_(a.detach()) * a).sum())),
    ("captured add_ number", grad(lambda a: (buf.add_(1.0) * a).sum())),
    ("captured copy_", grad(lambda a: (buf.copy_(a) * a).sum())),
    ("captured view add_", grad(lambda a: (buf[1:].add_(1.0).sum() + a * 2).sum())),
    ("setitem", grad(set_first)),
    ("slice setitem", grad(copy_tail)),
    ("index_put", grad(index_add)),
    ("fresh add_", grad(lambda a: (torch.zeros(3).add_(a) * a).sum())),
    ("fresh add_ number", grad(lambda a: (torch.zeros(3).add_(1.0) * a).sum())),
    ("input clone add_", grad(lambda a: (a.clone().add_(1.0) * a).sum())),
    ("input add_", grad(lambda a: a.add_(1.0).sum())),
    ("jacrev captured", jacrev(lambda a: buf.mul_(2) * a)),
    ("jvp captured", lambda a: jvp(lambda t: buf.mul_(2) * t, (a,), (a,))[1]),
    ("vjp captured", lambda a: vjp(lambda t: buf.mul_(2) * t, a)[0]),
    ("vmap captured", lambda a: vmap(lambda t: buf.mul_(2) * t)(a.expand(2, 3))),
    ("not differentiated", lambda a: grad(lambda t, b: (b.mul_(2) * t).sum())(a, buf)),
]
for name, f in cases:
    attempt(name, f, x)
print("buf", buf)


def compiled(t):
    return grad(lambda a: (buf.add_(1.0) * a).sum())(t)


def compiled_fresh(t):
    return grad(lambda a: (torch.zeros(3).add_(a).mul_(a)).sum())(t)


cf = torch.compile(compiled)
attempt("cf captured", cf, x)
attempt("cf fresh", torch.compile(compiled_fresh), x)
print("eager fresh", compiled_fresh(x))
print("buf", buf)

# backward() inside a transform's function is refused (torch.autograd.grad is the way).
W = torch.ones(3, requires_grad=True)


def calls_backward(t):
    loss = (t * W).sum()
    loss.backward()
    return loss


def calls_autograd_backward(t):
    loss = (t * W).sum()
    torch.autograd.backward(loss)
    return loss


attempt("grad backward", grad(calls_backward), torch.arange(3.0))
attempt("vmap backward", vmap(calls_backward), torch.ones(2, 3))
attempt("vmap autograd.backward", vmap(calls_autograd_backward), torch.ones(2, 3))
attempt("cf vmap backward", torch.compile(lambda t: vmap(calls_backward)(t)), torch.ones(2, 3))
print("W.grad", W.grad)

# A compiled function called inside the transform's function: the same rule
# (it runs as plain code there, so a cached graph cannot skip the check).


@torch.compile
def bump(t):
    t.add_(1.0)
    return t


def bumps_fresh(a):
    fresh = torch.zeros(3)
    bump(fresh)
    return (fresh * a).sum()


def bumps_captured(a):
    bump(buf)
    return a.sum()


attempt("compiled callee, fresh", grad(bumps_fresh), torch.ones(3))
attempt("compiled callee, captured", grad(bumps_captured), torch.ones(3))
print("buf", buf)
