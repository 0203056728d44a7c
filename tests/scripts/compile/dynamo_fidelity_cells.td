import torch
import tdsl

# Issue 10 item 20: assigning a captured local whose cell existed before the
# graph (made before a break) is traced, as in Dynamo, and the cell gets its
# new contents after the graph (Note [Side effects on pre-existing objects]).
# Closures see them whenever they run: inside the graph, after it, or after
# the compiled function returned.
def later(x):
    y = x + 1
    def get():
        return y
    print("break")
    y = y * 10          # the cell is from before this graph
    a = get()           # read inside the graph
    y = y + 1
    return get, a

def loop(x):
    s = x * 0
    def peek():
        return s
    print("break")
    for i in range(3):
        s = s + peek() + i
    return s, peek

def two_cells(x):
    a = x
    b = x * 2
    def both():
        return a + b
    print("break")
    a, b = b, a
    return both

def kept(x, box):
    y = x
    def get():
        return y
    box.append(get)
    print("break")
    y = x * 7           # the closure stored in the list sees it too
    return x

x = torch.ones(2)
for fn in (later, loop, two_cells):
    print(fn.__name__, tdsl.explain(fn)(x).graph_break_count)
cl = torch.compile(later)
g1, a1 = cl(x)
g2, a2 = cl(x * 2)
e1, b1 = later(x)
print(g1(), a1, g2(), a2, e1(), b1)
cp = torch.compile(loop)
s, p = cp(x)
s2, p2 = loop(x)
print(s, p(), s2, p2())
ct = torch.compile(two_cells)
print(ct(x)(), two_cells(x)())
ck = torch.compile(kept)
bc, be = [], []
ck(x, bc)
kept(x, be)
print(bc[0](), be[0]())
print(tdsl.explain(kept)(x, []).graph_break_count)
