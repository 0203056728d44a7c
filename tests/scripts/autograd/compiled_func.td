import torch
from torch.func import functional_call, grad, grad_and_value, jacfwd, jacrev, jvp, vjp, vmap

# Issue 16: torch.func transforms called inside a torch.compile'd function
# are traced into its joint graph (Note [Function transforms under the
# tracer]); every compiled result equals eager's bit for bit (torch.equal
# against the uncompiled call; the values, to print precision, are PyTorch's).


def show(name, compiled, eager):
    if isinstance(compiled, dict):
        for k in compiled:
            show(name + "." + k, compiled[k], eager[k])
        return
    if isinstance(compiled, (tuple, list)):
        for i in range(len(compiled)):
            show(name + "[" + str(i) + "]", compiled[i], eager[i])
        return
    print(name, torch.equal(compiled, eager), compiled)


def check(name, f, *args):
    show(name, torch.compile(f)(*args), f(*args))


torch.manual_seed(0)
w = torch.randn(3)
x = torch.randn(4, 3)
y = torch.randn(4)


def loss(w, x, y):
    return ((torch.tanh(x @ w) - y) ** 2).mean()


def grad_w(w, x, y):
    return grad(loss)(w, x, y)


def grad_both(w, x, y):
    return grad(loss, argnums=(0, 1))(w, x / 2, y)


def with_aux(w, x, y):
    def f(w):
        p = torch.tanh(x @ w)
        return ((p - y) ** 2).mean(), p
    g, p = grad(f, has_aux=True)(w)
    return g * 2, p


def grad_value(w, x, y):
    g, v = grad_and_value(loss)(w, x, y)
    return g, v + 1


def vjp_call(w, x):
    out, fn = vjp(lambda a: torch.sin(x @ a) * a.sum(), w)
    (gw,) = fn(torch.ones_like(out))
    return out, gw


def field(r):
    return torch.stack([r[0] * r[1], torch.sin(r[0])])


def jacobian_at(r):
    return jacrev(field)(r * 1.0)


def jvp_call(w, x):
    out, tangent = jvp(lambda a: torch.cos(x @ a), (w,), (torch.ones_like(w),))
    return out, tangent


def jacfwd_call(r):
    return jacfwd(field)(r)


def second_order(w):
    inner = grad(lambda b: (torch.sin(b) * b).sum())
    return grad(lambda a: inner(a).sum())(w), grad(grad(lambda s: torch.sin(s) * s))(w[0])


def python_loop(w, x):
    def f(a):
        acc = a * 0
        for i in range(3):
            acc = acc + torch.tanh(x[i] * a) * (i + 1)
        return acc.sum()
    return grad(f)(w)


g_outside = grad(loss)


def transform_from_outside(w, x, y):
    return g_outside(w, x, y) * 3


check("grad", grad_w, w, x, y)
check("grad argnums", grad_both, w, x, y)
check("grad has_aux", with_aux, w, x, y)
check("grad_and_value", grad_value, w, x, y)
check("vjp", vjp_call, w, x)
check("jacrev", jacobian_at, torch.tensor([1.0, 2.0]))
check("jvp", jvp_call, w, x)
check("jacfwd", jacfwd_call, torch.tensor([1.0, 2.0]))
check("grad(grad)", second_order, w)
check("python loop", python_loop, w, x)
check("transform from outside", transform_from_outside, w, x, y)

# The seed's per-sample gradients (003): vmap(grad(...)) over a parameter
# dict through functional_call, compiled.
params = {"weight": torch.randn(1, 3), "bias": torch.randn(1)}
xs, ys = torch.randn(5, 3), torch.randn(5, 1)


def model(p, inp):
    return inp @ p["weight"].T + p["bias"]


def loss_one(params, xi, yi):
    return ((functional_call(model, params, (xi[None],)) - yi) ** 2).mean()


def per_sample(params, xs, ys):
    return vmap(grad(loss_one), in_dims=(None, 0, 0))(params, xs, ys)


check("per-sample", per_sample, params, xs, ys)


def vmapped(w, xs):
    return vmap(lambda a: (a @ w).sin(), in_dims=0)(xs * 2).sum(0) + 1


check("vmap", vmapped, w, xs)


# randomness='different': the samples draw in turn, in the graph as in eager.
def noisy(xs):
    return vmap(lambda a: a + torch.rand(3), randomness="different")(xs)


torch.manual_seed(7)
compiled_noise = torch.compile(noisy)(xs)
torch.manual_seed(7)
eager_noise = noisy(xs)
print("vmap randomness different", torch.equal(compiled_noise, eager_noise), compiled_noise)
