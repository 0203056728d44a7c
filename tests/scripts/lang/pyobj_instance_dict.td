# x.__dict__ is the dict the instance keeps its attributes in (issue 15).
class P:
    kind = "class attribute"

    def __init__(self):
        self.b = 2
        self.a = 1


p = P()
d = p.__dict__
print(d, list(d), d is p.__dict__)
d["c"] = 3
print(p.c, hasattr(p, "c"))
p.e = 5
print(d)
del d["a"]
print(hasattr(p, "a"), p.__dict__)
del p.b
print(d)
p.__dict__.update({"x": 10, "y": 20})
print(p.x, p.y, sorted(p.__dict__.items()))
print("kind" in p.__dict__, p.kind)
p.__dict__ = {"only": 1}
print(p.only, hasattr(p, "x"), p.__dict__)
try:
    p.__dict__ = [1]
except TypeError as e:
    print("TypeError:", e)


class State:
    def __init__(self, **kw):
        self.__dict__.update(kw)

    def __repr__(self):
        return "State(%s)" % ", ".join("%s=%r" % kv for kv in self.__dict__.items())


s = State(z=1, y="two")
s.w = [3]
print(s, s.z, s.y)
import copy
t = copy.copy(s)
t.z = 100
print(t, s)
print(copy.deepcopy(s).__dict__ == s.__dict__)
