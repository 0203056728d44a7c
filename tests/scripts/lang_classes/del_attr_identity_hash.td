# del obj.attr / delattr / setattr, and instance hashing as CPython: identity
# unless the class defines __eq__ without __hash__ (then unhashable).


class P:
    kind = "point"

    def __init__(self):
        self.x = 1
        self.y = 2


p = P()
del p.x
print(hasattr(p, "x"), p.y, p.__dict__)
setattr(p, "z", 3)
print(p.z, getattr(p, "z"))
delattr(p, "z")
print(hasattr(p, "z"))
try:
    del p.x
except AttributeError as e:
    print("AttributeError:", e)
del P.kind
print(hasattr(P, "kind"))
try:
    del P.kind
except AttributeError as e:
    print("AttributeError:", e)
try:
    del (1).real
except AttributeError as e:
    print("AttributeError")


class Plain:
    pass


a, b = Plain(), Plain()
d = {a: "a", b: "b"}
print(d[a], d[b], len({a, b, a}), hash(a) == hash(a), a == a, a == b)


class EqOnly:
    def __eq__(self, other):
        return True


for make in [lambda: hash(EqOnly()), lambda: {EqOnly(): 1}, lambda: {EqOnly()}]:
    try:
        make()
    except TypeError as e:
        print("TypeError:", e)


class EqHash(EqOnly):
    def __hash__(self):
        return 7


print(hash(EqHash()), len({EqHash(): 1}))


class NoHash:
    __hash__ = None


try:
    hash(NoHash())
except TypeError as e:
    print("TypeError:", e)


def f(obj):
    obj.tmp = 5
    del obj.tmp
    return hasattr(obj, "tmp")


import torch


@torch.compile
def g(x, obj):
    y = x + 1
    del obj.y
    return y * 2


q = P()
print(f(q), g(torch.ones(2), q), hasattr(q, "y"))
