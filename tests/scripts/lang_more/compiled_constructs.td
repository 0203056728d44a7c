# The issue-15 constructs inside torch.compile'd functions: each traces or
# graph-breaks (tdsl.explain names why), and results equal eager.
import torch
import tdsl

def loop_else(x, n):
    for i in range(n):
        if i == 10:
            break
    else:
        x = x + 1
    k = 0
    while k < 2:
        x = x * 2
        k += 1
    else:
        x = x - 1
    return x

def star(x, *rest, scale=1.0, **kw):
    total = x * scale
    for r in rest:
        total = total + r
    first, *others = rest
    return total + first, len(others), sorted(kw)

def gen_sum(x):
    return sum(x * i for i in range(3))

def make_gen(x):
    def squares(t):
        for i in range(3):
            yield t * i
    return torch.stack(list(squares(x)))

def sets_and_dicts(x):
    names = {"a", "b"} | {"c"}
    dims = {i: i * 2 for i in range(3)}
    uniq = {d % 2 for d in dims.values()}
    return x + len(names) + dims[2] + len(uniq)

def fmt(x):
    s = "%d items, total %.2f" % (x.numel(), float(x.sum()))
    return s

def deleting(x):
    ys = [x, x * 2, x * 3]
    del ys[0]
    return ys[0] + ys[1]

def unpack_call(x):
    args = (x, 2.0)
    return torch.mul(*args)

def counter_closure(x):
    n = 0
    def bump():
        nonlocal n
        n += 1
        return n
    bump()
    return x + bump()

x = torch.tensor([1.0, 2.0, 3.0])
for fn, args, kwargs in [
    (loop_else, (x, 3), {}),
    (star, (x, 1.0, 2.0), {"scale": 2.0, "zz": 1}),
    (gen_sum, (x,), {}),
    (make_gen, (x,), {}),
    (sets_and_dicts, (x,), {}),
    (fmt, (x,), {}),
    (deleting, (x,), {}),
    (unpack_call, (x,), {}),
    (counter_closure, (x,), {}),
]:
    eager = fn(*args, **kwargs)
    compiled = torch.compile(fn)(*args, **kwargs)
    print(fn.__name__, compiled)
    print("  same as eager:", str(eager) == str(compiled))
    e = tdsl.explain(fn)(*args, **kwargs)
    print("  graphs:", e.graph_count, "breaks:", e.graph_break_count)
    for r in e.break_reasons:
        print("  reason:", r)

def gen_fn(x):
    yield x + 1
    yield x + 2
cg = torch.compile(gen_fn)
print([t.tolist() for t in cg(x)])
print(tdsl.explain(gen_fn)(x).break_reasons)
