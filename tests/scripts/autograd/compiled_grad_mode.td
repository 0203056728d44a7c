import torch

# Issue 16: grad mode inside a torch.compile'd function (Note [Grad mode
# under the tracer] in compile/tracer_grad_mode.cpp): `with torch.no_grad():`,
# enable_grad(), set_grad_enabled(b) (a call and a context manager),
# inference_mode() and the mode queries trace with no graph break; ops under
# no_grad record no history, so the SGD step writes the leaf in place; the
# mode after each call is eager's, also when the call raises inside the
# `with`. The data are dyadic, so every value is exact and PyTorch's. (The
# explain lines at the end are tdsl's: no graph break but where the `with`
# body itself breaks, and its reason.)


def step(w, x, y):
    loss = ((x @ w - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= 0.25 * w.grad
        w.grad.zero_()
    return loss.detach()


cstep = torch.compile(step)
w = torch.tensor([[0.5], [-0.25]], dtype=torch.float64, requires_grad=True)
x = torch.tensor([[1.0, 0.5], [0.0, 1.0]], dtype=torch.float64)
y = torch.tensor([[1.0], [0.5]], dtype=torch.float64)
for i in range(3):
    loss = cstep(w, x, y)
    print("step", i, loss.item(), w.tolist(), w.grad.tolist(), w.requires_grad, w.is_leaf, torch.is_grad_enabled())


def flags(a):
    b = a * 2
    with torch.no_grad():
        c = a * 3
        inside = torch.is_grad_enabled()
    with torch.enable_grad():
        d = a * 4
    with torch.set_grad_enabled(False):
        e = a * 5
    return (b + c + d + e).detach(), b.requires_grad, c.requires_grad, d.requires_grad, e.requires_grad, inside, torch.is_grad_enabled()


cflags = torch.compile(flags)
a = torch.tensor([1.0, 2.0], requires_grad=True)
print("flags", cflags(a))
with torch.no_grad():  # another mode at the entry: traced again
    print("flags no_grad", cflags(a), torch.is_grad_enabled())
print("flags again", cflags(a), torch.is_grad_enabled())


def switch_off(t):
    torch.set_grad_enabled(False)  # a plain call: the mode stays off after the call
    return t + 1


cswitch = torch.compile(switch_off)
print("switch", cswitch(torch.ones(2)), torch.is_grad_enabled())
torch.set_grad_enabled(True)
print("switch again", cswitch(torch.ones(2)), torch.is_grad_enabled())
torch.set_grad_enabled(True)


def infer(t):
    with torch.inference_mode():
        u = t * 2
        modes = (torch.is_grad_enabled(), torch.is_inference_mode_enabled())
    return u + 1, modes, torch.is_inference_mode_enabled()


print("infer", torch.compile(infer)(torch.ones(2)), torch.is_grad_enabled())


def raises(t, u):
    with torch.no_grad():
        v = t + u  # sizes that cannot broadcast
    return v


craises = torch.compile(raises)
try:
    craises(torch.ones(2), torch.ones(3))
except RuntimeError as err:
    print("raised:", err)
print("after raise", torch.is_grad_enabled())


def breaks(t):
    with torch.no_grad():
        s = t * 2
        print("inside", s.requires_grad, torch.is_grad_enabled())
    return (s + t).detach()


print("breaks", torch.compile(breaks)(torch.ones(2, requires_grad=True)), torch.is_grad_enabled())


import tdsl
w = torch.tensor([[0.5], [-0.25]], dtype=torch.float64, requires_grad=True)
for f, args in ((step, (w, x, y)), (flags, (a,)), (switch_off, (torch.ones(2),)), (infer, (torch.ones(2),)),
                (breaks, (torch.ones(2, requires_grad=True),))):
    e = tdsl.explain(f)(*args)
    print(f.__name__, e.graph_break_count, sorted(set(r.split(") at ")[0] for r in e.break_reasons)))
    torch.set_grad_enabled(True)
