import torch
import tdsl
from torch import tensor

# Issue 10 item 20: torch.tensor of Python numbers is part of the graph, as in
# Dynamo (Note [Tensor literals while tracing]): a 0-dim literal is `full`, any
# other a clone of a captured constant. Every call gets a fresh tensor.
def add_list(x):
    return x + torch.tensor([1.0, 2.0, 3.0])

def scale(x):
    return x * torch.tensor(2) + torch.tensor(True)

def typed(x):
    return x + torch.tensor([[1, 2, 3]], dtype=torch.float64)

def accumulate(x):
    t = torch.tensor([0.0, 0.0, 0.0])
    t += x
    return t

def fresh():
    return torch.tensor([[1, 2], [3, 4]])

def imported_and_nested(x):
    def inner():
        return torch.tensor([3.0, 4.0, 5.0])
    return x * inner() + tensor(1.5) + torch.tensor([]).sum()

def from_tensors(x):
    return torch.tensor([x[0], x[1]])   # reads tensor data: still a break

x = torch.tensor([1.0, 2.0, 3.0])
for fn in (add_list, scale, typed, accumulate, imported_and_nested, from_tensors):
    e = tdsl.explain(fn)(x)
    print(fn.__name__, e.graph_break_count, e.node_counts)
    cf = torch.compile(fn)
    print(cf(x), cf(x), fn(x))
cf = torch.compile(fresh)
a = cf()
b = cf()
a[0, 0] = 100
print(a is b, a, b)
