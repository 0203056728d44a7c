# Object protocol (issue 15): user-hashed keys, a list subclass, __setattr__, __dict__.
class Key:
    def __init__(self, name):
        self.name = name

    def __hash__(self):
        return hash(self.name.lower())

    def __eq__(self, other):
        return isinstance(other, Key) and self.name.lower() == other.name.lower()


d = {Key("Alpha"): 1}
d[Key("ALPHA")] += 10
print(len(d), d[Key("alpha")], Key("beta") in d, len({Key("x"), Key("X"), Key("y")}))


class Bag(list):
    def total(self):
        return sum(self)


b = Bag([1, 2])
b.append(3)
print(b, b.total(), len(b), isinstance(b, list), b[::-1], type(iter(b)).__name__)


class Tracked:
    def __setattr__(self, name, value):
        object.__setattr__(self, name, value)
        object.__setattr__(self, "last", name)


t = Tracked()
t.a = 1
t.__dict__["b"] = 2
print(t.a, t.b, t.last, t.__dict__)
