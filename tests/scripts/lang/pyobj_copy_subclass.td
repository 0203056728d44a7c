# copy.copy / copy.deepcopy keep a class's __setattr__ out and a built-in subclass's class and items (issue 15).
import copy
class Frozen:
    def __init__(self, v):
        object.__setattr__(self, "v", v)
    def __setattr__(self, n, val):
        raise AttributeError("frozen")
f = copy.copy(Frozen([1]))
g = copy.deepcopy(Frozen([2]))
print(f.v, g.v)
class Bag(list):
    pass
b = copy.copy(Bag([1]))
print(type(b).__name__, isinstance(b, list))
class Stack(list):
    def __init__(self, name, items=()):
        super().__init__(items)
        self.name = name
s = Stack("s", [[1], [2]])
c = copy.copy(s)
dc = copy.deepcopy(s)
s[0].append(9)
print(type(c).__name__, c, c.name, c[0] is s[0], type(dc).__name__, dc, dc.name, dc[0] is s[0])
class Money(int):
    pass
m = copy.deepcopy(Money(5))
print(type(m).__name__, m + 1)
class Reg(dict):
    pass
r = copy.copy(Reg(a=1))
print(type(r).__name__, r)
