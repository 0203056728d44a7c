# Generators: the value of `yield from`, StopIteration.value, send/throw/close
# (GeneratorExit, finally bodies), delegation through `yield from`.


def inner():
    x = yield 1
    print("inner got", x)
    y = yield 2
    print("inner got", y)
    return x + y


def outer():
    r = yield from inner()
    print("yield from gave", r)
    return r * 10


g = outer()
print(next(g), g.send(3), end=" ")
print()
try:
    g.send(4)
except StopIteration as e:
    print("StopIteration", e.value, e.args)
try:
    next(g)
except StopIteration as e:
    print("again", e.value, e.args)


def counter():
    n = 0
    try:
        while True:
            try:
                cmd = yield n
            except ValueError as e:
                print("caught", e)
                n = -1
                continue
            n = n + 1 if cmd is None else cmd
    finally:
        print("counter closed at", n)


c = counter()
print(next(c), next(c), c.send(10), c.throw(ValueError("reset")), next(c))
c.close()
c.close()
print(list(c))

d = counter()
try:
    d.throw(KeyError("early"))
except KeyError as e:
    print("unstarted throw", repr(e))
print(list(d))


def stubborn():
    try:
        yield 1
    except GeneratorExit:
        yield 2


s = stubborn()
next(s)
try:
    s.close()
except RuntimeError as e:
    print("RuntimeError:", e)


def fin():
    try:
        yield "a"
        yield "b"
    finally:
        print("cleanup")


f = fin()
print(next(f))
f.close()
print(list(fin()))


def returns_early():
    yield 1
    return "done"


print(list(returns_early()))
print([x for x in outer_values()] if False else "")


def delegating():
    try:
        v = yield from counter()
    except ValueError:
        print("not reached")
    yield "after"


dg = delegating()
print(next(dg), next(dg), dg.throw(ValueError("deep")), next(dg))
dg.close()


def catches_and_returns():
    try:
        yield 1
    except KeyError:
        return "handled"


h = catches_and_returns()
next(h)
try:
    h.throw(KeyError)
except StopIteration as e:
    print("returned", e.value)


def wrap():
    r = yield from catches_and_returns()
    yield "wrap got " + r


w = wrap()
next(w)
print(w.throw(KeyError("k")))
t = iter(range(3))


def from_iter():
    r = yield from [10, 20]
    print("list gives", r)


print(list(from_iter()))
try:
    g2 = counter()
    next(g2)
    g2.throw(TypeError, "bad thing")
except TypeError as e:
    print("TypeError", e)
print(StopIteration(5).value, StopIteration().value)
