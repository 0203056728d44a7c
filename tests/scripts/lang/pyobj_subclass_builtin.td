# Subclassing built-in types: list, dict, set, tuple, int, float, str (issue 15).
class OrderedCollection(list):
    pass


c = OrderedCollection()
c.append(1)
c.append(2)
c.extend([3, 4])
print(c, len(c), c[0], c[-1], c[1:3], 3 in c, 9 in c)
print(c.pop(0), c, bool(c), bool(OrderedCollection()))
c[0] = 20
del c[1]
print(c, list(c), [x * 2 for x in c], sorted(c, reverse=True))
print(isinstance(c, list), isinstance(c, OrderedCollection), type(c).__name__, issubclass(OrderedCollection, list))
print(c == [20, 4], c != [20, 4], c + [5], list(reversed(c)))
c += [7]
print(type(c).__name__, c)
print(OrderedCollection("abc"), OrderedCollection(range(3)).index(2))


class Stack(list):
    def __init__(self, name, items=()):
        super().__init__(items)
        self.name = name

    def push(self, x):
        self.append(x)
        return self

    def __repr__(self):
        return "Stack(%s: %s)" % (self.name, super().__repr__())

    def __len__(self):
        return super().__len__() * 10


s = Stack("s", [1, 2])
s.push(3).push(4)
print(s, len(s), s.name, s[2], str(s))


class Registry(dict):
    def __missing__(self, key):
        return "missing " + key

    def register(self, key, value):
        self[key] = value


r = Registry(a=1)
r.register("b", 2)
print(r, r["a"], len(r), sorted(r.keys()), list(r.items()), "b" in r, isinstance(r, dict))
r.update({"c": 3})
print(r.get("c"), r.pop("a"), r, r["zz"], r.get("zz"))


class Money(int):
    def __repr__(self):
        return "Money(" + str(int(self)) + ")"


m = Money(5)
print(m, m + 2, m * 3, m == 5, hash(m) == hash(5), {5: "five"}[m], isinstance(m, int), -m, m > 4)


class Celsius(float):
    def fahrenheit(self):
        return self * 9 / 5 + 32


t = Celsius(100)
print(t, t.fahrenheit(), t + 1.5, t.is_integer(), isinstance(t, float), float(t), int(t))


class Name(str):
    def shout(self):
        return self.upper() + "!"


n = Name("bob")
print(n, n.shout(), n + "by", len(n), n == "bob", {"bob": 1}[n], n.startswith("b"), repr(n), "%s" % n)


class Pair(tuple):
    def first(self):
        return self[0]


p = Pair((1, 2))
print(p, p.first(), len(p), p == (1, 2), hash(p) == hash((1, 2)), isinstance(p, tuple))
a, b = p
print(a, b)


class Tags(set):
    pass


tg = Tags([1, 2])
tg.add(3)
print(sorted(tg), 2 in tg, len(tg), isinstance(tg, set))

try:
    {OrderedCollection(): 1}
except TypeError as e:
    print("TypeError:", e)
