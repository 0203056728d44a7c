import torch
# A fresh tensor that took another tensor's values with copy_ is returned as
# its own storage: compiled results alias inputs and each other as in eager
# (Note [Returned storages stay separate]). Found by fuzz_compile_gen:
# t.copy_(x); x.fill_(-1); return t returned the -1s.

def copied_then_written(x, y):
    t = -y
    t.copy_(x)
    x.fill_(-1.0)
    return t

def copied_only(x, y):
    t = torch.zeros(4)
    t.copy_(x)
    return t

def copied_and_view(x, y):
    t = y * 0
    t.copy_(x)
    x.add_(10)
    return t, t[1:], x

def two_from_one(x, y):
    u = x * 2
    t = torch.empty(4)
    t.copy_(u)
    return t, u

def copied_from_view(x, y):
    t = torch.zeros(2)
    t.copy_(x[1:3])
    x[1:3].mul_(3)
    return t

def same_twice(x, y):
    t = torch.ones(4)
    t.copy_(y)
    return t, t

cases = [copied_then_written, copied_only, copied_and_view, two_from_one, copied_from_view, same_twice]
for backend in ("eager", "aot_eager", "inductor"):
    for case in cases:
        opt = torch.compile(case, backend=backend)
        x, y = torch.arange(4.0), torch.ones(4) * 5
        r = opt(x, y)
        rs = r if isinstance(r, tuple) else (r,)
        print(backend, case.__name__, [t.tolist() for t in rs], x.tolist(), y.tolist())
        # Writing to each result shows what it aliases.
        for t in rs:
            t.add_(100)
        print("  after writes:", [t.tolist() for t in rs], x.tolist(), y.tolist())
