import torch
import tdsl

# Issue 10 item 20: assigning a local that a nested function captures is
# traced without a break when its cell was made in the graph, as in Dynamo
# (Note [Cells assigned while tracing]).
def reassigned(x):
    y = x + 1
    def inner():
        return y * 2
    y = y + 3
    return inner()

def in_loop(x):
    acc = x
    for i in range(3):
        acc = acc + i
    def get():
        return acc
    return get() * 2

def through_list(x):
    y = x + 1
    def inner():
        return y
    y = y * 5
    return [inner][0]()

# The closure outlives the graph: it is rebuilt around the cell's final value.
def escapes(x):
    y = x + 1
    def inner():
        return y * 2
    y = y * 3
    return inner

# After a break the cell existed before the graph: assigning it is replayed
# after the graph (Note [Side effects on pre-existing objects]); only print breaks.
def after_break(x):
    y = x + 1
    print("break")
    def inner():
        return y * 2
    y = y + 1
    return inner()

x = torch.ones(2)
for fn in (reassigned, in_loop, through_list, after_break):
    e = tdsl.explain(fn)(x)
    print(fn.__name__, e.graph_break_count, e.node_counts)
    print(torch.compile(fn)(x), fn(x))
ce = torch.compile(escapes)
f1 = ce(x)
f2 = ce(x * 2)
print(f1(), f2(), escapes(x)())
