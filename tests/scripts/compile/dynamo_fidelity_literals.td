import torch
import tdsl

# Issue 10 item 20: a non-scalar torch.tensor(...) of Python numbers is one
# node of the FX count, as Dynamo's call_function torch.tensor (Note [One
# node per tensor literal]), and a list in a subscript is part of its getitem
# node. No graph break; every call still gets a fresh tensor.
def add_list(x):                 # x, tensor, add, output
    return x + torch.tensor([[1.0], [2.0], [3.0]])

def two_literals(x):             # x, tensor, tensor, mul, add, output
    return x * torch.tensor([1, 2, 3]) + torch.tensor([0.5, 0.5, 0.5], dtype=torch.float64)

def list_index(x):               # x, getitem, getitem, add, output
    return x[[0, 2], :2] + x[[1, 1], 1:]

def dict_index(x, d):            # x, d['i'] (an input), getitem, output
    return x[[0, 1], d["i"]]

def mutated(x):                  # x, tensor, getitem, iadd, output
    t = torch.tensor([0.0, 0.0, 0.0])
    t += x[0]
    return t

x = torch.arange(9.).reshape(3, 3)
d = {"i": torch.tensor([2, 0])}
for fn in (add_list, two_literals, list_index, mutated):
    e = tdsl.explain(fn)(x)
    print(fn.__name__, e.graph_break_count, e.node_counts, torch.equal(torch.compile(fn)(x), fn(x)))
e = tdsl.explain(dict_index)(x, d)
print("dict_index", e.graph_break_count, e.node_counts, torch.equal(torch.compile(dict_index)(x, d), dict_index(x, d)))
cm = torch.compile(mutated)
a = cm(x)
b = cm(x * 2)
print(a, b, a is b)
