# collections: deque, defaultdict, Counter, OrderedDict, namedtuple with CPython's results.
import collections
from collections import Counter, OrderedDict, defaultdict, deque, namedtuple

# deque
d = deque([1, 2, 3])
d.append(4)
d.appendleft(0)
print(d, len(d), d[0], d[-1], d.pop(), d.popleft(), d)
d.extend([7, 8])
d.extendleft("ab")
print(d, list(d), 7 in d, 9 in d, d.count(7), d.index(7))
d.rotate(2)
print(d)
d.rotate(-3)
print(d)
d[1] = "B"
del d[0]
print(d, list(reversed(d)), bool(d), bool(deque()))
m = deque(range(5), maxlen=3)
print(m, m.maxlen, deque(maxlen=0), deque())
m.append(9)
m.appendleft(-1)
print(m)
q = deque()
for i in range(1000):
    q.append(i)
total = 0
while q:
    total += q.popleft()
    if total % 7 == 0 and len(q) < 500:
        q.append(1)
print(total, len(q), deque("abc") == deque("abc"), deque([1]) == [1], deque([1, 2]) + deque([3]))
d2 = deque([3, 1, 2])
d2.remove(1)
d2.reverse()
d2.insert(1, "x")
print(d2, d2.copy(), deque([1, 2]) * 2)
a, b, c = deque([10, 20, 30])
print(a, b, c, sorted(deque([3, 1, 2])), sum(deque([1, 2, 3])))
for bad in [lambda: deque().pop(), lambda: deque().popleft(), lambda: deque([1])[5], lambda: deque([1])[1:2],
            lambda: deque([1], maxlen=-1), lambda: deque([1]).remove(5), lambda: deque([1]).index(5)]:
    try:
        bad()
    except (IndexError, TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)

# defaultdict
dd = defaultdict(list)
for word in ["apple", "avocado", "banana", "blueberry", "cherry"]:
    dd[word[0]].append(word)
print(dd, len(dd), "a" in dd, "z" in dd, dd.get("z"), "z" in dd)
counts = defaultdict(int)
for ch in "mississippi":
    counts[ch] += 1
print(counts, sorted(counts.items()), dict(counts.items()), counts.default_factory)
print(defaultdict(None, {1: 2}), defaultdict(int) == {}, counts == {"m": 1, "i": 4, "s": 4, "p": 2})
nested = defaultdict(lambda: defaultdict(int))
nested["x"]["y"] += 2
print(nested["x"]["y"], list(nested.keys()), counts.pop("m"), counts.setdefault("q", 5), len(counts))
del counts["q"]
print(list(counts), [k for k in counts], list(counts.values()))
try:
    defaultdict(None)["x"]
except KeyError as e:
    print("KeyError", repr(e))
try:
    defaultdict(3)
except TypeError as e:
    print("TypeError:", e)

# Counter
c = Counter("abracadabra")
print(c, c.most_common(2), c["z"], "z" in c, Counter(), sorted(c.elements()), c.total())
print(c + Counter("zz"), c - Counter("aaaaaaaa"), c & Counter("aab"), c | Counter("zzz"))
print(-Counter(a=-1, b=2), +Counter(a=-1, b=2), Counter({"x": 3, "y": 1}), Counter(a=1) == Counter(a=1))
c.update("aaz")
c.update({"b": 10})
c.subtract(["r"])
print(c, c.most_common(1), len(c), sorted(c))
words = "the quick brown fox jumps over the lazy dog the end".split()
print(Counter(words).most_common(3), list(Counter(words).items())[:3])

# OrderedDict
o = OrderedDict()
o["b"] = 1
o["a"] = 2
o["c"] = 3
print(o, list(o), list(o.keys()), list(o.items()))
o.move_to_end("b")
print(o)
o.move_to_end("c", last=False)
print(o, o.popitem(), o.popitem(last=False), o)
print(OrderedDict(), OrderedDict([(1, 2), (3, 4)]), OrderedDict(x=1) == {"x": 1})
print(OrderedDict([(1, 2), (3, 4)]) == OrderedDict([(3, 4), (1, 2)]), {1: 2, 3: 4} == OrderedDict([(3, 4), (1, 2)]))
try:
    OrderedDict().popitem()
except KeyError as e:
    print("KeyError", repr(e))
try:
    o.move_to_end("zz")
except KeyError as e:
    print("KeyError", repr(e))

# namedtuple
Point = namedtuple("Point", "x y")
p = Point(1, y=2)
print(p, p.x, p.y, p[0], p[-1], p[:1], len(p), list(p), tuple(p), p == (1, 2), p == Point(1, 2), p != (2, 1))
x, y = p
print(x, y, Point._fields, p._asdict(), p._replace(y=5), Point._make([3, 4]), Point.__name__, Point)
print(hash(p) == hash((1, 2)), {p: "here"}[Point(1, 2)] if False else "dict", sorted([Point(2, 0), Point(1, 5)]))
print(p + (3,), 2 in p, p.count(1), p.index(2), "%d-%d" % tuple(p), max(Point(3, 9)))
Q = namedtuple("Q", ["a", "b", "c"], defaults=[0, 1])
print(Q(5), Q(5, 6), Q._field_defaults, Q(c=3, a=1))
R = namedtuple("R", "a, b, c, d")
print(R(1, 2, 3, 4), namedtuple("S", "x def _y x", rename=True)._fields)
for bad in [lambda: Point(1), lambda: Point(1, 2, 3), lambda: Point(1, 2, z=3), lambda: Point(1, x=3),
            lambda: R(), lambda: Q(), lambda: p._replace(z=3), lambda: namedtuple("X", "a a"),
            lambda: namedtuple("X", "a def"), lambda: namedtuple("X", "a _b"), lambda: namedtuple("X", "a 1b"),
            lambda: p.z]:
    try:
        bad()
    except (TypeError, ValueError, AttributeError) as e:
        print(type(e).__name__ + ":", e)
