# A function made inside a compiled function is a new object on every call,
# closing over that call's values (issue 10: never return what eager would not).
import torch

def f(x):
    def g():
        return x * 2
    return g

cf = torch.compile(f)
a = cf(torch.ones(2))
b = cf(torch.ones(2) * 5)
print(a(), b(), a is b)

# Defaults are evaluated on each call too.
def with_default(x):
    def g(k=x + 1):
        return k
    return g

cd = torch.compile(with_default)
print(cd(torch.zeros(2))(), cd(torch.ones(2))())

# A closure made by an inlined helper.
def make(x):
    def g():
        return x
    return g

def outer(x):
    return make(x * 3)

co = torch.compile(outer)
p = co(torch.ones(1))
q = co(torch.ones(1) * 2)
print(p(), q(), p is q)

# Closures inside a returned container, and two sharing one variable.
def pair(x):
    y = x - 1
    def get():
        return y
    def twice():
        return y * 2
    return [get, twice, {"g": get}]

cp = torch.compile(pair)
r = cp(torch.ones(1))
s = cp(torch.ones(1) * 4)
print(r[0](), r[1](), r[2]["g"](), s[0](), s[1](), s[2]["g"]())
print(r[0] is s[0], r[2]["g"] is r[0], s[2]["g"] is s[0])

# A local function that refers to itself (a cycle through its own cell).
def recursive(x):
    def power(n):
        if n == 0:
            return torch.ones(1)
        return power(n - 1) * x
    return power

cr = torch.compile(recursive)
p2 = cr(torch.ones(1) * 2)
p3 = cr(torch.ones(1) * 3)
print(p2(3), p3(2), p2 is p3)

# A closure live across a graph break: the eager rest of the frame assigns
# the variable it captured, and the closure sees the new value.
def late(x):
    y = x * 2
    def g():
        return y
    print("break")
    y = x * 3
    return g

cl = torch.compile(late)
l1 = cl(torch.ones(1))
l2 = cl(torch.ones(1) * 2)
print(l1(), l2(), l1 is l2)

# Lambdas made in a comprehension, and a function returning a function.
def lambdas(x):
    return [lambda k=i: x * k for i in range(3)]

cla = torch.compile(lambdas)
u = cla(torch.ones(1))
v = cla(torch.ones(1) * 2)
print([h() for h in u], [h() for h in v], u[0] is v[0])

def nested(x):
    def middle():
        def inner():
            return x + 1
        return inner
    return middle

cn = torch.compile(nested)
print(cn(torch.ones(1))()(), cn(torch.zeros(1))()())
