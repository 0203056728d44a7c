import torch

# Issue 10 item 20 (overlap): copy_ between views of one storage that are not
# dense runs in place in PyTorch's order (Note [Overlapping copy order]), and
# index_copy_/scatter_ whose source is another non-dense view of self are
# allowed and read what they wrote. Expected values are PyTorch 1.13's.
# Each case runs eagerly and compiled.
def stepped(x):
    y = x[::3]
    y[1:].copy_(y[:-1])
    return x

def stepped_back(x):
    y = x[::2]
    y[:-1].copy_(y[1:])
    return x

def transposed(b):
    b = b.t()
    b[1:].copy_(b[:-1])
    return b

def transposed_back(b):
    b = b.t()
    b[:-1].copy_(b[1:])
    return b

def rows(x):
    x[:, 1:].copy_(x[:, :-1])
    return x

def interleaved(x):
    x[1:][::2].copy_(x[:-1][::2])
    return x

def index_copy_view(x):
    return x[::2].index_copy_(0, torch.tensor([4, 3, 2, 1, 0]), x[::2])

def scatter_add_view(x):
    return x[::2].scatter_add_(0, torch.tensor([4, 3, 2, 1, 0]), x[::2])

cases = [
    (stepped, lambda: torch.arange(10.)),
    (stepped, lambda: torch.arange(100.)),
    (stepped_back, lambda: torch.arange(10.)),
    (transposed, lambda: torch.arange(12.).reshape(3, 4)),
    (transposed, lambda: torch.arange(120.).reshape(3, 40)),
    (transposed_back, lambda: torch.arange(120.).reshape(3, 40)),
    (transposed, lambda: torch.arange(120, dtype=torch.float64).reshape(3, 40)),
    (transposed, lambda: torch.arange(120).reshape(3, 40)),
    (transposed, lambda: torch.arange(120, dtype=torch.int32).reshape(3, 40)),
    (transposed, lambda: torch.arange(240).reshape(3, 80) % 3 == 0),
    (rows, lambda: torch.arange(12.).reshape(3, 4)),
    (interleaved, lambda: torch.arange(10.)),
    (index_copy_view, lambda: torch.arange(10.)),
    (scatter_add_view, lambda: torch.arange(10.)),
]
for fn, make in cases:
    e = fn(make())
    c = torch.compile(fn)(make())
    print(fn.__name__, e.flatten().tolist())
    print(torch.equal(e, c))
