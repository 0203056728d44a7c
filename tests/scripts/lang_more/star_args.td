# *args, **kwargs, keyword-only parameters, f(*xs, **kw), a, *rest = xs.
def f(a, b=2, *args, c, d=4, **kw):
    return (a, b, args, c, d, kw)

print(f(1, c=3))
print(f(1, 2, 3, 4, c=5, e=6, g=7))
print(f(*[1, 2, 3], **{"c": 9, "z": 0}))

def g(*args):
    return len(args), args

print(g(), g(1), g(*"abc"), g(*range(3), 10, *[20]))

def h(**kw):
    return sorted(kw.items())

print(h(), h(x=1, y=2), h(**{"a": 1}, b=2))

def kwonly(*, key, reverse=False):
    return key, reverse

print(kwonly(key=1), kwonly(reverse=True, key=2))

lam = lambda *a, **k: (a, k)
print(lam(1, 2, x=3))

def wrapper(fn, *args, **kwargs):
    return fn(*args, **kwargs)

print(wrapper(max, 3, 9, 4), wrapper(sorted, [3, 1, 2], reverse=True))
print(wrapper(f, 1, c=2))

a, *rest = [1, 2, 3, 4]
print(a, rest)
*init, last = (1, 2, 3)
print(init, last)
first, *mid, end = "hello"
print(first, mid, end)
x, *y = [1]
print(x, y)
for head, *tail in [(1, 2, 3), (4, 5)]:
    print(head, tail)
print([*range(3), *"ab", 9], (*[1, 2], 3))
print(*[1, 2, 3], sep="-")
args = (1, 2)
print("%d + %d" % args, max(*args))
m = {"sep": ", "}
print("a", "b", **m)
