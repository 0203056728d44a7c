import torch

# Note [Loop-carried ints]: a register written back as "entry value + a
# constant" must still hold an int on a cache hit; a float or a list there
# is another trace, not an int's bits or a heap address.
def f(x, k):
    acc = 0
    if k:
        acc = acc + 0.5
    while x.sum() < 4:
        x = x + 1
        acc = acc + 1
    return acc

cf = torch.compile(f)
print(cf(torch.zeros(2), False))
print(cf(torch.zeros(2), True))
print(cf(torch.zeros(2), False))

def g(x, k):
    acc = 0
    if k:
        acc = [1, 2]
    n = 0
    while x.sum() < 4:
        x = x + 1
        n = n + 1
    return acc, n

cg = torch.compile(g)
print(cg(torch.zeros(2), False))
print(cg(torch.zeros(2), True))

def h(x, start):
    i = start
    while x.sum() < 6:
        x = x + 1
        i = i + 1
    return i

ch = torch.compile(h)
print(ch(torch.zeros(2), 10), ch(torch.zeros(2), True), ch(torch.zeros(2), 2.5), ch(torch.zeros(2), 7))
