import torch
# Multi-output ops return torch.return_types named tuples inside compiled
# functions too: attribute access, indexing and unpacking are traced, and a
# returned named tuple is rebuilt from the graph's outputs.

def values_only(x):
    return x.max(1).values * 2

def whole(x):
    return torch.min(x + 1, dim=0)

def parts(x):
    r = x.max(dim=1, keepdim=True)
    v, i = r
    return r.indices + i, r[0] - v, len(r)

def nested(x):
    r = x.max(0)
    return [r, (r.values, r.indices)], r.indices.to(torch.float32).sum()

x = torch.tensor([[1., 5., 2.], [3., 2., 9.]])
for fn in [values_only, whole, parts, nested]:
    eager = fn(x)
    compiled = torch.compile(fn, fullgraph=True)(x)
    print(compiled)
    print(repr(compiled) == repr(eager))
r = torch.compile(whole)(x)
print(type(r), r.values, r.indices, r.values is r[0])
