import torch
import tdsl

# Issue 10 item 20: mutating a list or dict that existed before the graph is
# traced, as in Dynamo, and replayed on the real object after the graph runs
# (Note [Side effects on pre-existing objects]): no graph break, the object
# keeps its identity, and compiled matches eager on every call.
def list_ops(x, lst):
    lst.append(x * 2)
    lst[0] = lst[0] + 1
    y = lst.pop()
    lst.insert(0, y)
    lst.extend([x, 3])
    return x + len(lst)

def dict_ops(x, d):
    d["k"] = x + 1
    d.clear()
    d["j"] = x * 3
    d.update({"m": 1})
    d.setdefault("n", x)
    v = d.pop("m")
    return x.sum() + v

def nested(x, lsts):            # an element of a list argument
    lsts[1].append(x - 1)
    return lsts

G = []
GD = {}
def global_containers(x):
    G.append(x.sum())
    GD["last"] = x
    return x * len(G)

def make_acc():
    acc = []
    def f(x):                   # a list in a closure cell
        acc.append(x + 1)
        return x * 2
    return f, acc

def returns_it(x, lst):
    lst.append(x)
    return lst, lst[0] * 2

def after_break(x, lst):
    y = x + 1
    print("break")
    lst.append(y)
    lst.append(lst)             # a cycle through the replayed contents
    return y * 2

def full_graph_clear(x, d):
    d.clear()
    return x + 1

def call(fn, args):
    if len(args) == 2:
        return fn(args[0], args[1])
    return fn(args[0], args[1], args[2])

def run(fn, make):
    e = call(tdsl.explain(fn), make())
    print(fn.__name__, "breaks:", e.graph_break_count, "nodes:", e.node_counts)
    cf = torch.compile(fn)
    for i in range(3):
        args_c = make()
        args_e = make()
        rc = call(cf, args_c)
        re = call(fn, args_e)
        print(" ", rc, args_c[1])
        print(" ", re, args_e[1])

x = torch.ones(2)
run(list_ops, lambda: (x, [x, 5]))
run(dict_ops, lambda: (x, {"z": 1}))
run(nested, lambda: (x, [[], [x]]))
run(returns_it, lambda: (x, []))
run(after_break, lambda: (x, []))

# The caller's objects are the ones mutated, and a result that is the list
# itself is that very list.
cf = torch.compile(returns_it)
mine = [x]
r, t = cf(x, mine)
print(r is mine, mine)

# One list that grows across calls: each call sees the previous call's items.
cf = torch.compile(list_ops)
grow_c = [x]
grow_e = [x]
for i in range(4):
    print(cf(x, grow_c), list_ops(x, grow_e), len(grow_c), len(grow_e))

# Globals and closure cells.
cg = torch.compile(global_containers)
for i in range(3):
    print(cg(x * i), G, GD)
f, acc = make_acc()
cf = torch.compile(f)
print(cf(x), cf(x * 3), acc)
print(tdsl.explain(make_acc()[0])(x).graph_break_count)

# fullgraph=True: no break is needed.
cfull = torch.compile(full_graph_clear, fullgraph=True)
d = {"a": 1, "b": x}
print(cfull(x, d), d)

# Aliasing: traced with two different lists, called with one list twice.
def alias(x, a, b):
    a.append(x)
    return x * len(b)
ca = torch.compile(alias)
l1, l2 = [], []
print(ca(x, l1, l2), l1, l2)
l3 = []
print(ca(x, l3, l3), l3)
l4 = []
print(alias(x, l4, l4), l4)

# A list reached by no source (a value of a dict argument) still breaks, and
# compiled still matches eager.
def deep(x, d):
    d["a"].append(x + 1)
    q = d["a"]
    q.append(x * 3)
    return x * 2
dc = {"a": []}
de = {"a": []}
cd = torch.compile(deep)
print(cd(x, dc), dc)
print(cd(x, dc), dc)
print(deep(x, de), deep(x, de), de)

# A break inside a called function re-traces the caller (its mutations are
# undone first); sort/reverse; containers inside a tuple argument.
def helper(lst, x):
    lst.append(x)
    print("inner break")
    return x * 2
def nested_break(x, lst):
    lst.append(1)
    y = helper(lst, x + 1)
    lst.append(2)
    return y
def sorts(x, lst):
    lst.sort()
    lst.reverse()
    return x * lst[0]
def in_tuple(x, t):
    t[0].append(x)
    t[1]["k"] = x
    return x
for fn, mk in ((nested_break, lambda: [0]), (sorts, lambda: [3, 1, 2]), (in_tuple, lambda: ([], {}))):
    c1 = mk()
    c2 = mk()
    print(torch.compile(fn)(x, c1), c1)
    print(fn(x, c2), c2)
print(tdsl.explain(sorts)(x, [3, 1, 2]).graph_break_count, tdsl.explain(in_tuple)(x, ([], {})).graph_break_count)
