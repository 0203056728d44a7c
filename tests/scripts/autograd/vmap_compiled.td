import torch
import tdsl

# Issue 16: vmap inside a torch.compile'd function is traced into the graph
# (Note [Function transforms under the tracer]): no graph break, and the
# result equals eager. (The explain line is tdsl's.)


def f(x, w):
    y = x * 2
    per = torch.func.vmap(lambda a: (a @ w).sin(), in_dims=0)(y)
    return per.sum(0) + 1


x = torch.arange(6.0).reshape(3, 2)
w = torch.tensor([[1.0, -1.0], [0.5, 2.0]])
cf = torch.compile(f)
print(cf(x, w))
print(f(x, w))
print(torch.equal(cf(x, w), f(x, w)))
e = tdsl.explain(f)(x, w)
print(e.graph_count, e.graph_break_count, e.break_reasons)
