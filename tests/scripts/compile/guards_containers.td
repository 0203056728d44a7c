import torch

# Note [Guard snapshots]: a guard on a list or dict compares its contents
# with a copy taken at trace time, so mutating it between calls retraces.
@torch.compile
def scale(x, lst):
    return x * lst[0]
lst = [1]
print(scale(torch.ones(2), lst).tolist())
lst[0] = 5
print(scale(torch.ones(2), lst).tolist())
print(scale(torch.ones(2), lst).tolist())

@torch.compile
def by_key(x, d):
    return x * d["k"]
d = {"k": 2}
print(by_key(torch.ones(2), d).tolist())
d["k"] = 3
print(by_key(torch.ones(2), d).tolist())
d["j"] = 4
print(by_key(torch.ones(2), d).tolist())

@torch.compile
def by_len(x, lst):
    return x * len(lst)
l2 = [1]
print(by_len(torch.ones(2), l2).tolist())
l2.append(2)
print(by_len(torch.ones(2), l2).tolist())

G = {"a": [1, 2]}
@torch.compile
def nested_global(x):
    return x * G["a"][1]
print(nested_global(torch.ones(2)).tolist())
G["a"][1] = 7
print(nested_global(torch.ones(2)).tolist())

@torch.compile
def nested_arg(x, t):
    return x + t[0][1]
inner = [1, 2]
arg = (inner, 0)
print(nested_arg(torch.zeros(1), arg).tolist())
inner[1] = 9
print(nested_arg(torch.zeros(1), arg).tolist())

# A tensor in a list is guarded as a graph input, not by identity: a new
# list of new tensors reuses the trace.
@torch.compile
def first(xs):
    return xs[0] + 1
print(first([torch.zeros(1)]).tolist(), first([torch.ones(1)]).tolist())

# Deeply nested and self-referencing arguments are not guarded (the call runs
# eagerly) instead of recursing without bound.
@torch.compile
def deep(x, lst):
    return x + len(lst)
nest = []
for i in range(1000000):
    nest = [nest]
print(deep(torch.zeros(1), nest).tolist(), deep(torch.zeros(1), nest).tolist())
loop = [1]
loop.append(loop)
print(deep(torch.zeros(1), loop).tolist())

# A list nested two deep, mutated by the compiled function itself: the trace
# ran the append, and the guard (taken before it) sends the next call to a
# new trace instead of a cache hit that would skip it.
N = [[[1]]]
@torch.compile
def grow(x):
    N[0][0].append(2)
    return x + len(N[0][0])
for i in range(3):
    print(grow(torch.zeros(1)).tolist(), len(N[0][0]))
