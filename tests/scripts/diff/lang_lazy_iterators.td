z = zip(range(10**8), range(10**8))
print(next(z), next(z))
e = enumerate(range(10**8))
print(next(e))
m = map(lambda v: v * 2, range(10**8))
print(next(m), next(m))
r = reversed(range(10**8))
print(next(r))
f = filter(lambda v: v > 5, range(10**8))
print(next(f))
for i, v in enumerate(range(10**8)):
    if i == 3:
        break
print(i, v)
