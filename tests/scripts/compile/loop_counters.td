import torch

# Python ints carried around loops with graph breaks: counters that are only
# incremented are written back without guards; ints used in comparisons,
# indexing or tensor arithmetic stay guarded.
def counting(x):
    n = 0
    total = 10
    while x.sum() < 100:
        x = x * 2
        n += 1
        total = total - 2
    return x, n, total

def compared(x):
    n = 0
    while x.sum() < 100:
        x = x + 1
        if n == 3:
            x = x * 10
        n += 1
    return x, n

def used_in_math(x):
    k = 1
    while x.sum() < 50:
        x = x + k
        k += 2
    return x, k

def indexed(x):
    i = 0
    out = []
    while x[i % 3] < 20:
        x = x * 3
        out.append(i)
        i += 1
    return x, out

for fn in (counting, compared, used_in_math, indexed):
    cf = torch.compile(fn)
    for start in (1.0, 2.0, 30.0, 1.0):
        print(fn.__name__, cf(torch.ones(3) * start), fn(torch.ones(3) * start))
