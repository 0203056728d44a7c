# Inside torch.compile: del obj.attr, itertools, collections, generator
# methods and chained raises break the graph with a reason at their line
# (tdsl.explain), and results equal eager.
import torch
import tdsl
import itertools
from collections import Counter, deque, namedtuple

Pair = namedtuple("Pair", "a b")


class Box:
    pass


def drop_attr(x, box):
    y = x * 2
    del box.k
    return y + 1


def with_itertools(x):
    pairs = list(itertools.product([1, 2], repeat=2))
    return x + len(pairs)


def with_collections(x):
    q = deque([1, 2, 3], maxlen=2)
    c = Counter("aab")
    p = Pair(1, 2)
    return x * q[0] + c["a"] + p.b


def chained(x):
    try:
        raise KeyError("k")
    except KeyError as e:
        try:
            raise ValueError("v") from e
        except ValueError as v:
            return x + (1 if v.__cause__ is e else 0)


def gen():
    r = yield 1
    return r


def drive(x):
    g = gen()
    next(g)
    try:
        g.send(5)
    except StopIteration as s:
        return x + s.value


x = torch.ones(2)
for fn, args in [(drop_attr, (x,)), (with_itertools, (x,)), (with_collections, (x,)), (chained, (x,)), (drive, (x,))]:
    if fn is drop_attr:
        b1, b2, b3 = Box(), Box(), Box()
        b1.k = b2.k = b3.k = 1
        eager, compiled = fn(x, b1), torch.compile(fn)(x, b2)
        e = tdsl.explain(fn)(x, b3)
        print(hasattr(b1, "k"), hasattr(b2, "k"), hasattr(b3, "k"))
    else:
        eager, compiled = fn(*args), torch.compile(fn)(*args)
        e = tdsl.explain(fn)(*args)
    print(fn.__name__, compiled, "same as eager:", str(eager) == str(compiled))
    for r in e.break_reasons:
        print("  reason:", r)
