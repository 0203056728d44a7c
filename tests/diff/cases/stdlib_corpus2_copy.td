# copy.copy / copy.deepcopy as CPython 3.11: memo (shared parts copied once),
# cycles, atomic values, instances by default, __reduce__ and __deepcopy__.
import copy
a = [1, 2]
a.append(a)
b = copy.deepcopy(a)
print(b[2] is b, b is a, b[:2])
A = [1] * 3
data = {'a': (A, A, A), 'b': [A] * 2}
d = copy.deepcopy(data)
print(d, d['a'][0] is d['a'][1], d['a'][0] is A, d['b'][0] is d['a'][2])
t = (1, "x", None)
print(copy.deepcopy(t) is t, copy.copy([t]) is not [t])
class P:
    def __init__(self, x):
        print("init", x)
        self.x = x
        self.l = [x]
p = P(3)
q = copy.deepcopy(p)
print(q.x, q.l, q.l is p.l, type(q).__name__)
r = copy.copy(p)
print(r.l is p.l)
class R:
    def __init__(self):
        self.a = 1
    def __reduce__(self):
        return (R, (), {"a": 5, "b": 6})
s = copy.deepcopy(R())
print(s.a, s.b)
class DC:
    def __deepcopy__(self, memo):
        return "custom"
print(copy.deepcopy([DC()]))
print(copy.deepcopy({1, 2}), copy.deepcopy(frozenset({3})))
from collections import deque, defaultdict, namedtuple
dq = deque([[1], [2]], maxlen=3)
dq2 = copy.deepcopy(dq)
dq2[0].append(9)
print(dq, dq2, dq2.maxlen)
dd = defaultdict(list, {"k": [1]})
dd2 = copy.deepcopy(dd)
dd2["k"].append(2)
dd2["new"].append(3)
print(sorted(dd.items()), sorted(dd2.items()))
Pt = namedtuple("Pt", "x y")
pt = Pt([1], 2)
pt2 = copy.deepcopy(pt)
print(pt2, pt2.x is pt.x, copy.copy(pt) == pt)
d0 = {"a": [1]}
d1 = copy.copy(d0)
print(d1 == d0, d1 is d0, d1["a"] is d0["a"])
memo = {}
shared = [0]
x1 = copy.deepcopy(shared, memo)
x2 = copy.deepcopy(shared, memo)
print(x1 is x2, x1 is shared)
print(copy.deepcopy(len) is len, copy.deepcopy(P) is P, copy.copy(range(3)))
print(issubclass(copy.Error, Exception), copy.error is copy.Error)
