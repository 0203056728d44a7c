# A suspended generator that becomes unreachable is closed (CPython's
# finalizer): its finally bodies and with exits run when the last reference
# goes (rebinding, del, a loop's break, a function's return, a call's
# argument, a container update), in a cycle at gc.collect(), and at exit.
# Inside torch.compile'd functions too, in the same order as eager.
import gc
import torch


def g(name):
    try:
        yield 1
        yield 2
    finally:
        print("closed", name)


it = g("rebind"); next(it); it = None; print("after rebind")
it = g("del"); next(it); del it; print("after del")
for x in g("break"):
    break
print("after break")
for x in g("loop exhausted"):
    pass
print("after exhausted")
for i, x in enumerate(g("enumerate")):
    break
print("after enumerate")


def local():
    it = g("local"); next(it)
    return 5


print(local(), "after local")
print(next(g("arg")), "after arg")
lst = [g("list")]; next(lst[0]); lst[0] = 0; print("after list item")
d = {"k": g("dict")}; next(d["k"]); d.clear(); print("after dict clear")
pair = (g("tuple"), 1); next(pair[0]); pair = None; print("after tuple")


class Box:
    pass


b = Box(); b.gen = g("attr"); next(b.gen); b.gen = None; print("after attr")


class CM:
    def __enter__(self):
        print("enter")
        return self

    def __exit__(self, kind, value, tb):
        print("exit", kind.__name__)
        return False


def w():
    with CM():
        yield 1


w1 = w(); next(w1); w1 = None; print("after with")
n = g("never started"); n = None; print("after never started")
n = g("finished"); print(list(n)); n = None; print("after finished")


def plain():
    yield 1
    yield 2


p = plain(); next(p); p = None; print("after no finally")


def outer():
    yield from g("inner")


o = outer(); next(o); o = None; print("after yield from")


def counting(state):
    try:
        yield 1
    finally:
        state.append("closed")


state = []
c = counting(state); next(c); c = None; print("state", state)

# A generator in a reference cycle is closed by the collector.
c = g("cycle"); next(c); holder = [c]; holder.append(holder); del c, holder
print("collected", gc.collect() > 0)
print("after cycle")


def closes_twice():
    try:
        yield 1
    finally:
        print("finally once")


t = closes_twice(); next(t); t.close(); t = None; print("after explicit close")


def compiled_drop(x):
    it = g("compiled local")
    next(it)
    y = x * 2
    it = None
    return y + 1


f = torch.compile(compiled_drop)
print(f(torch.ones(2)))
print("after compiled")


def compiled_break(x):
    for v in g("compiled break"):
        x = x + v
        break
    return x


print(torch.compile(compiled_break)(torch.zeros(2)))
print("after compiled break")

keep = g("at exit"); next(keep)
print("end")
