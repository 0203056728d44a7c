# Two equal computations that leave a segment as distinct tensors must stay
# distinct buffers: CSE merging them made the add_ after the graph break also
# change t1.
import torch

def f(y):
    t1 = y * 2
    t2 = y * 2
    print('p')
    t2.add_(0.5)
    return t1

g = torch.compile(f)
print(g(torch.arange(4.0)).tolist())

# Returned directly: the caller updates one of them.
def h(y):
    a = y + 1
    b = y + 1
    c = (y + 1)[1:]
    return a, b, c

ch = torch.compile(h)
a, b, c = ch(torch.arange(4.0))
b.mul_(10)
c.zero_()
print(a.tolist(), b.tolist(), c.tolist(), a is b)

# Only one of the equal values escapes: still correct.
def k(y):
    u = y * 3
    v = y * 3
    print('k')
    return u + 0, v

ck = torch.compile(k)
u, v = ck(torch.arange(3.0))
v.add_(1)
print(u.tolist(), v.tolist())

# Two equal views of one input, both returned.
def m(y):
    p = y[1:3]
    q = y[1:3]
    return p, q

cm = torch.compile(m)
x = torch.arange(5.0)
p, q = cm(x)
print(p is q, p.tolist(), q.tolist())
