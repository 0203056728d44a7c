import torch

# Automatic dynamic shapes: the second size of a location makes it symbolic,
# unless the size is used as a Python value; equal sizes stay equal.
def same_size(x, y):
    if x.shape[0] == y.shape[0]:
        return x + y
    return x.sum() + y.sum()

def pointwise(x):
    return (x.t() * 2).sum(0)

def uses_size(x):
    return x * len(x)

f = torch.compile(same_size)
for a, b in ((4, 4), (5, 5), (6, 6), (6, 7), (8, 8), (1, 1), (0, 0)):
    print(f(torch.ones(a), torch.ones(b)))
g = torch.compile(pointwise)
for a, b in ((2, 3), (2, 4), (3, 5), (1, 5)):
    print(g(torch.ones(a, b)))
h = torch.compile(uses_size)
for n in (3, 4, 5, 4):
    print(h(torch.ones(n)))
