import torch

def helper(t, k):
    return t * k + 1

def inlined(x):
    y = helper(x, 3)
    return helper(y, 2)

def checked(t):
    if t.sum() > 0:
        return t
    return -t

def break_in_callee(x):
    y = x + 1
    z = checked(y)
    return z * 2

def for_loop_break(x):
    out = []
    for i in range(4):
        x = x * 2
        if x.sum() > 20:
            out.append(i)
        x = x - 1
    return x, out

def comprehension(xs):
    ys = [t * 2 for t in xs]
    return ys, len(ys)

def closure(x):
    k = 5
    def inner(t):
        return t + k
    return inner(x) * 2

def defaults(x, scale=3, shift=1):
    return x * scale + shift

for fn, arg in ((inlined, torch.arange(3.0)),
                (break_in_callee, torch.arange(3.0)),
                (break_in_callee, torch.arange(3.0) - 5),
                (for_loop_break, torch.ones(2)),
                (comprehension, [torch.ones(2), torch.arange(2.0)]),
                (closure, torch.ones(2)),
                (defaults, torch.ones(2))):
    cf = torch.compile(fn)
    print(fn.__name__, cf(arg), cf(arg))

d = torch.compile(defaults)
print(d(torch.ones(2), 5), d(torch.ones(2), shift=7), d(x=torch.ones(2), scale=2))
