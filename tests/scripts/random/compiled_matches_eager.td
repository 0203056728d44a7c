# A compiled function draws the same numbers as eager, in eager's order: an
# unused draw still advances the generator, a non-contiguous normal_ fills in
# memory order, and a call with generator= runs eagerly (a graph break).
import torch

def f(x):
    a = torch.rand(3)
    b = torch.randn(20)
    unused = torch.rand(2)
    y = x.clone()
    y.t().normal_()
    c = x + torch.randint(0, 10, (5, 4))
    d = torch.bernoulli(torch.full((4,), 0.5))
    e = torch.empty(6).exponential_().sum()
    return a, b, y, c, d, e

cf = torch.compile(f)
torch.manual_seed(0)
eager = f(torch.zeros(5, 4))
after_eager = torch.rand(2)
torch.manual_seed(0)
compiled = cf(torch.zeros(5, 4))
after_compiled = torch.rand(2)
print([torch.equal(p, q) for p, q in zip(eager, compiled)])
print(torch.equal(after_eager, after_compiled), after_compiled)
print(compiled[0], compiled[3][0])

g = torch.Generator().manual_seed(5)
def h(x):
    return x + torch.rand(3, generator=g)
torch.manual_seed(1)
print(torch.compile(h)(torch.zeros(3)), torch.rand(1))

# cauchy_, log_normal_, geometric_ and random_: in place on a fresh tensor,
# through a strided view of an input (functionalized and written back), and
# an unused draw.
def samplers(x):
    a = torch.empty(4).cauchy_(0.5, 2.0)
    b = torch.empty(3, dtype=torch.float64).log_normal_()
    x[::2].geometric_(0.25)
    unused = torch.empty(2).random_()
    c = torch.empty(5, dtype=torch.int64).random_(-3, 3)
    d = torch.empty(3, dtype=torch.int32).random_(7, None)
    return a, b, c, d, x * 2
torch.manual_seed(2)
xe = torch.zeros(6)
eager = samplers(xe)
after_eager = torch.rand(2)
torch.manual_seed(2)
xc = torch.zeros(6)
compiled = torch.compile(samplers)(xc)
after_compiled = torch.rand(2)
print([torch.equal(p, q) for p, q in zip(eager, compiled)], torch.equal(xe, xc), torch.equal(after_eager, after_compiled))
print(compiled[0], xc)
