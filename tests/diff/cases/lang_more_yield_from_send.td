# The value of yield from, send through yield from, StopIteration.value, throw and close.
def averager():
    total = 0.0
    n = 0
    while True:
        x = yield (total / n if n else None)
        if x is None:
            return (n, total / n if n else 0.0)
        total += x
        n += 1


def grouper(results, key):
    results[key] = yield from averager()


results = {}
for key, values in [("a", [1, 2, 3]), ("b", [10, 20])]:
    g = grouper(results, key)
    next(g)
    for v in values:
        print(key, g.send(v))
    try:
        g.send(None)
    except StopIteration as e:
        print("done", e.value)
print(results)


def ticker():
    try:
        n = 0
        while True:
            try:
                yield n
                n += 1
            except KeyError:
                n = 100
    finally:
        print("ticker closed")


t = ticker()
print(next(t), next(t), t.throw(KeyError), next(t))
t.close()
print(list(t))
