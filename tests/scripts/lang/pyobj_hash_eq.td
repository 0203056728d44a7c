# Dict and set keys call a user __hash__ / __eq__ (issue 15).
class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __hash__(self):
        return hash((self.x, self.y))

    def __eq__(self, other):
        return isinstance(other, Point) and self.x == other.x and self.y == other.y

    def __repr__(self):
        return "Point(%d, %d)" % (self.x, self.y)


d = {Point(1, 2): "a", Point(3, 4): "b"}
print(d[Point(1, 2)], d[Point(3, 4)], Point(1, 2) in d, Point(5, 6) in d)
d[Point(1, 2)] = "c"
print(len(d), d)
del d[Point(3, 4)]
print(d, d.get(Point(3, 4), "gone"))
s = {Point(0, 0), Point(0, 0), Point(1, 1)}
print(len(s), Point(1, 1) in s, Point(2, 2) in s)
s.discard(Point(0, 0))
print(sorted(p.x for p in s))
print(hash(Point(1, 2)) == hash((1, 2)))


# A key equal to an int: same hash, __eq__ decides.
class Seven:
    def __hash__(self):
        return 7

    def __eq__(self, other):
        return other == 7


d = {7: "int seven"}
print(d[Seven()], Seven() in {7}, 7 in {Seven()})
print(list({Seven(): 1, 7: 2}.values()))


# Calls are counted: lookups call __hash__ once and __eq__ only on a hash match.
class Counted:
    hashes = 0
    eqs = 0

    def __init__(self, v):
        self.v = v

    def __hash__(self):
        Counted.hashes += 1
        return self.v % 3

    def __eq__(self, other):
        Counted.eqs += 1
        return self.v == other.v


keys = [Counted(i) for i in range(6)]
table = {}
for k in keys:
    table[k] = k.v
print(Counted.hashes, Counted.eqs > 0)
Counted.hashes = 0
print(table[Counted(4)], Counted.hashes)


# __hash__ = None, or __eq__ without __hash__: unhashable, CPython's TypeError.
class NoHash:
    __hash__ = None


class EqOnly:
    def __eq__(self, other):
        return True


for cls in (NoHash, EqOnly):
    try:
        {cls(): 1}
    except TypeError as e:
        print("TypeError:", e)
    try:
        {cls()}
    except TypeError as e:
        print("TypeError:", e)
    try:
        hash(cls())
    except TypeError as e:
        print("TypeError:", e)


# Exceptions in __hash__ and __eq__ propagate; the dict is unchanged.
class BadHash:
    def __hash__(self):
        raise ValueError("no hash today")


class BadEq:
    def __hash__(self):
        return 1

    def __eq__(self, other):
        raise KeyError("eq failed")


d = {1: "one"}
try:
    d[BadHash()] = 2
except ValueError as e:
    print("ValueError:", e)
print(d)
try:
    d[BadEq()] = 3
except KeyError as e:
    print("KeyError:", e)
print(d)
try:
    {1} | {BadEq()}
except KeyError as e:
    print("KeyError:", e)


# An __eq__ that mutates the dict or set being probed: the lookup starts over.
class Mutator:
    def __init__(self, grow):
        self.grow = grow
        self.calls = 0

    def __hash__(self):
        return 5

    def __eq__(self, other):
        self.calls += 1
        if self.calls == 1:
            self.grow()
        return False


class Five:
    def __hash__(self):
        return 5

    def __eq__(self, other):
        return NotImplemented


d = {Five(): "five"}


def grow_dict():
    for i in range(100, 130):
        d[i] = i


m = Mutator(grow_dict)
d[m] = "mutator"
print(len(d), d[m], m.calls)
s = {Five()}


def grow_set():
    for i in range(100, 130):
        s.add(i)


m = Mutator(grow_set)
s.add(m)
print(len(s), m in s, m.calls)
