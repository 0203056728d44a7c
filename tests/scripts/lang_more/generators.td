# Generators: yield, yield from, generator expressions.
def count_up(n):
    i = 0
    while i < n:
        yield i
        i += 1

g = count_up(3)
print(type(g))
print(next(g), next(g), next(g))
print(next(g, "done"))
print(list(count_up(5)), sum(count_up(5)))

def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b

out = []
for x in fib():
    if x > 50:
        break
    out.append(x)
print(out)

def pairs(xs):
    for i, x in enumerate(xs):
        yield i, x

print(dict(pairs("abc")))
print(list(zip(count_up(3), pairs("xyz"))))

def chain(*its):
    for it in its:
        yield from it

print(list(chain([1, 2], (3,), count_up(2), "ab")))

def tree(n):
    if n > 0:
        yield from tree(n - 1)
        yield n
        yield from tree(n - 1)

print(list(tree(3)))

# generator expressions
xs = [1, 2, 3, 4]
print(sum(x * x for x in xs))
print(max(x % 3 for x in xs), min(-x for x in xs))
print(list(x + y for x in range(3) for y in range(2) if x != y))
ge = (c.upper() for c in "hey")
print(next(ge), list(ge), list(ge))
print(any(x > 3 for x in xs), all(x > 3 for x in xs))
print(sorted((x for x in [3, 1, 2]), reverse=True))
print(tuple(str(x) for x in xs), "-".join(str(x) for x in xs))

# closures and state
def make_counter(step):
    def gen(n):
        for i in range(n):
            yield i * step
    return gen

print(list(make_counter(10)(4)))

def echo():
    got = yield "ready"
    while True:
        got = yield "echo " + str(got)

e = echo()
print(next(e), e.send(1), e.send("x"))

def with_return():
    yield 1
    return 5
    yield 2

print(list(with_return()))

def outer():
    r = yield from with_return()
    yield "after"

print(list(outer()))

# lazy: nothing runs before the first next()
def noisy():
    print("started")
    yield 1

n = noisy()
print("created")
print(next(n))
