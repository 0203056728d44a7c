# __setattr__, __delattr__, __getattr__, __getattribute__ and object.__setattr__ (issue 15).
class Logged:
    def __init__(self):
        object.__setattr__(self, "log", [])
        self.x = 1

    def __setattr__(self, name, value):
        self.log.append("set " + name)
        object.__setattr__(self, name, value * 10 if isinstance(value, int) else value)

    def __delattr__(self, name):
        self.log.append("del " + name)
        object.__delattr__(self, name)


a = Logged()
a.y = 2
setattr(a, "z", "s")
print(a.x, a.y, a.z, a.log)
del a.y
print(hasattr(a, "y"), a.log)
try:
    del a.nothing
except AttributeError as e:
    print("AttributeError:", e)


class Frozen:
    def __init__(self, v):
        super().__setattr__("v", v)

    def __setattr__(self, name, value):
        raise AttributeError("cannot assign to field '%s'" % name)


f = Frozen(3)
print(f.v)
try:
    f.v = 4
except AttributeError as e:
    print("AttributeError:", e)


class Proxy:
    def __init__(self, target):
        self._target = target

    def __getattr__(self, name):
        return getattr(self._target, name)


p = Proxy([3, 1, 2])
p.sort()
print(p._target, p.count(1), getattr(p, "missing", "default"))


class Upper:
    def __init__(self):
        self.name = "x"

    def __getattribute__(self, name):
        if name == "secret":
            raise AttributeError("no secret")
        value = object.__getattribute__(self, name)
        return value.upper() if isinstance(value, str) else value

    def __getattr__(self, name):
        return "fallback " + name


u = Upper()
print(u.name, u.secret, u.other)


class Base:
    def __setattr__(self, name, value):
        object.__setattr__(self, "last", name)
        object.__setattr__(self, name, value)


class Child(Base):
    def __init__(self):
        self.a = 1


c = Child()
print(c.a, c.last)


# A user iterator returning self: iter(x) is x.
class Countdown:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        if self.n == 0:
            raise StopIteration
        self.n -= 1
        return self.n


cd = Countdown(3)
print(iter(cd) is cd, next(iter(cd)), list(cd))


class Bad:
    def __iter__(self):
        return 5


try:
    iter(Bad())
except TypeError as e:
    print("TypeError:", e)
