# f(x, x) then f(a, b): a segment with no tensor ops must not write back y as
# the entry value of x (they held one object only in the first call).
import torch

def f(x, y):
    print('p', x.tolist())
    return -y

cf = torch.compile(f)
x = torch.arange(4)
print(cf(x, x).tolist())
b = torch.arange(8)
print(cf(b[:4], b[4:]).tolist())
print(cf(b[4:], b[:4]).tolist())

# A global passed as an argument, then another tensor.
G = torch.arange(3.0)

def g(t):
    print('g', G.tolist())
    return G, t

cg = torch.compile(g)
r = cg(G)
print(r[0].tolist(), r[1].tolist(), r[0] is r[1])
r = cg(torch.ones(3))
print(r[0].tolist(), r[1].tolist(), r[0] is r[1])

# A list argument holding the other argument.
def h(xs, t):
    print('h', len(xs))
    return xs[0] * 2, t

ch = torch.compile(h)
a = torch.ones(2)
r = ch([a], a)
print(r[0].tolist(), r[1].tolist())
r = ch([a], torch.zeros(2))
print(r[0].tolist(), r[1].tolist())
