import torch
import tdsl

# Issue 16: vmap and jvp inside a torch.compile'd function run in the VM
# (torch.func is not traced yet, the graph breaks there with a reason) and
# equal eager. (The explain line is tdsl's.)


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
print(e.graph_break_count > 0, [r.split(" at ")[0] for r in e.break_reasons][:1])
