import torch

# Issue 10: in-place ops whose source overlaps the tensor they write. Eager
# reads what the storage holds while it writes (as PyTorch does), so results
# depend on the element order; compiled code must compute the same values
# (it runs such ops eagerly: Note [Overlapping sources]).
def shift_sub(b):
    y = b[1::2]
    y[1:].sub_(y[:-1])
    return b

def scatter_from_self(x):
    y = x[::2]
    y.scatter_(0, torch.tensor([2, 0, 1]), y[1:])
    return x

def index_copy_from_self(x):
    y = x[::2]
    y.index_copy_(0, torch.tensor([1, 0]), y[1:3])
    return x

# Overlapping but harmless: the very region elementwise, or disjoint views.
def same_region(x):
    x.add_(x)
    x[2:].mul_(x[2:])
    x[1::2][:3].copy_(x[::2][:3])
    return x

for fn in (shift_sub, scatter_from_self, index_copy_from_self, same_region):
    compiled = torch.compile(fn)
    for n in (7, 9):
        print(fn.__name__, n, compiled(torch.arange(float(n))).tolist())

# A dense partial overlap is an error in both modes.
def dense_overlap(x):
    x[1:].add_(x[:-1])
    return x

print(torch.compile(dense_overlap)(torch.arange(4.0)))
