# Inside torch.compile every object-model construct traces or breaks the
# graph at its line, and the results equal eager.
import torch
import tdsl


class Scale:
    def __init__(self, k):
        self.k = k

    def apply(self, x):
        return x * self.k

    def __add__(self, other):
        if self.k > 1:
            return Scale(self.k + other.k)
        return Scale(self.k - other.k)

    @property
    def half(self):
        return self.k / 2


class Ctx:
    def __init__(self, log):
        self.log = log

    def __enter__(self):
        self.log.append("enter")
        return self

    def __exit__(self, exc_type, exc, tb):
        self.log.append("exit " + (exc_type.__name__ if exc_type is not None else "-"))
        return exc_type is KeyError


s = Scale(2.0)


def with_try(x):
    y = x + 1
    try:
        z = y * 2
        if z.sum() > 100:
            raise ValueError("big")
    except ValueError as e:
        z = y - 1
    finally:
        y = y + 10
    return z + y


def with_method(x):
    y = s.apply(x)
    return y + (s + Scale(0.5)).k + s.half


def with_with(x, log):
    y = x.sin()
    with Ctx(log) as c:
        y = y + len(c.log)
        if x.sum() < 0:
            raise KeyError("suppressed")
    return y * 2


def with_raise(x):
    if x.sum() > 100:
        raise ValueError("too big: " + str(int(x.sum().item())))
    return x + 1


def with_class(x):
    class Local:
        def __init__(self, v):
            self.v = v
    return Local(x + 1).v * 2


for fn in [with_try, with_method, with_raise, with_class]:
    cf = torch.compile(fn)
    for x in [torch.ones(3), torch.ones(3) * 50]:
        try:
            print(fn.__name__, fn(x), cf(x))
        except ValueError as e:
            print(fn.__name__, "ValueError", e)
for x in [torch.ones(2), -torch.ones(2)]:
    log1, log2 = [], []
    print("with_with", with_with(x, log1), torch.compile(with_with)(x, log2), log1, log2)
for fn in [with_try, with_method, with_class]:
    print(tdsl.explain(fn)(torch.ones(3)))
print(tdsl.explain(with_with)(torch.ones(2), []))


def read_in_handler(x, items):
    note = x * 3  # read only by the handler: live at the break
    try:
        return items[5]
    except IndexError:
        return note


print(read_in_handler(torch.ones(2), [1]), torch.compile(read_in_handler)(torch.ones(2), [1]))
