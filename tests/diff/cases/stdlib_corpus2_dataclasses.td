# dataclasses as CPython 3.11: fields from class-body annotations, defaults,
# field(default_factory=), the generated methods and their errors, deepcopy.
from dataclasses import dataclass, field, fields, asdict, astuple, replace, is_dataclass
import copy


@dataclass
class A:
    string: str
    lst: list
    boolean: bool


a = A('hello', [1, 2, 3], True)
print(a, a == A('hello', [1, 2, 3], True), a == A('x', [], False), a != 3)
b = copy.deepcopy(a)
print(b, b.lst is a.lst, b == a)


@dataclass(order=True)
class P:
    x: int
    y: int = 0
    tags: list = field(default_factory=list)
    hidden: int = field(default=9, repr=False, compare=False)

    def norm(self):
        return self.x * self.x + self.y * self.y


p = P(3, y=4)
print(p, p.norm(), p.tags, p.hidden, P(1) < P(2), P(1, 2) >= P(1, 1), sorted([P(2), P(1, 5), P(1)]))
print([f.name for f in fields(P)], asdict(p), astuple(p), replace(p, x=7))
print(is_dataclass(P), is_dataclass(p), is_dataclass(3), P.y, hasattr(P, "tags"))
print(P.__match_args__, A.__annotations__ == {'string': 'str', 'lst': 'list', 'boolean': 'bool'} or A.__annotations__['lst'] is list)


@dataclass
class Q(P):
    z: int = 1

    def __post_init__(self):
        self.total = self.x + self.z


q = Q(1, 2, [3], 4, 5)
print(q, q.total, fields(Q)[-1].name)
for bad in [lambda: A(), lambda: A(1, 2), lambda: A(1, 2, 3, 4), lambda: A(1, 2, 3, string=1), lambda: A(1, 2, 3, w=0)]:
    try:
        bad()
    except TypeError as e:
        print("TypeError", e)
try:
    @dataclass
    class M:
        items: list = []
except ValueError as e:
    print("ValueError", e)
try:
    @dataclass
    class N:
        a: int = 1
        b: int
except TypeError as e:
    print("TypeError", e)


@dataclass
class Node:
    name: str
    children: list = field(default_factory=list)

    def __repr__(self):
        return "Node<%s>" % self.name


n = Node("r")
n.children.append(n)
m = copy.deepcopy(n)
print(m, m.children[0] is m, n == n)
