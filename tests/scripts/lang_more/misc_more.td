# del, nonlocal, annotations, number attributes, hash, id, sys limits.
import sys
x: int = 3
y: float
def area(r: float, scale: int = 2) -> float:
    z: float = r * r * scale
    return z
print(x, area(1.5), area(2.0, scale=1))

xs = [0, 1, 2, 3, 4, 5]
del xs[0]
del xs[-1]
del xs[1:3]
print(xs)
d = {"a": 1, "b": 2, "c": 3}
del d["b"]
print(d)
t = 5
del t
print("t" in dir() if False else "deleted")
m = [1, 2, 3, 4, 5, 6]
del m[::2]
print(m)
p, q = 1, 2
del p, q

def counter():
    n = 0
    def inc(k=1):
        nonlocal n
        n += k
        return n
    return inc

c = counter()
c()
c(5)
print(c())

def outer():
    v = "outer"
    def mid():
        def inner():
            nonlocal v
            v = "changed"
        inner()
    mid()
    return v
print(outer())

print((7).bit_length(), (-8).bit_length(), (0).bit_length(), (255).bit_count())
print((5).real, (5).imag, (5).numerator, (5).denominator, True.real)
print((2.0).is_integer(), (2.5).is_integer(), (2.5).real, (2.5).imag, (0.5).as_integer_ratio(), (-0.75).as_integer_ratio())
print((3.0).hex(), (0.1).hex(), (-2.5).hex(), (1.0).conjugate())
print(hash(0), hash(1), hash(-1), hash(-2), hash(2**61 - 1), hash(2**61), hash(10**18), hash(-10**18))
print(hash(1.0), hash(1.5), hash(-2.25), hash(0.1), hash(1e300), hash(float("inf")), hash(True), hash(False))
print(hash((1, 2)), hash(()), hash((1, (2.5, -3))), hash(1) == hash(1.0) == hash(True))
print(id(xs) == id(xs), id(xs) != id([]))
print(sys.getrecursionlimit())
