import torch

seen = []
def backend(gm, example_inputs):
    seen.append([n.op for n in gm.graph.nodes])
    return gm.forward

def f(x, y):
    z = x.sin() + y
    y.add_(1)
    return z * 2, y

for b in ("tdsl", "eager", "aot_eager", backend):
    cf = torch.compile(f, backend=b)
    y = torch.zeros(3)
    r, yy = cf(torch.arange(3.0), y)
    print(r.tolist(), y.tolist(), yy is y)
ok = True
for s in seen:
    ok = ok and s[0] == 'placeholder' and s[-1] == 'output' and 'call_function' in s
print(ok)

@torch.compile
def deco(x):
    return x + 1

@torch.compile(fullgraph=True, dynamic=True)
def deco2(x):
    return x.sum()

print(deco(torch.ones(2)).tolist(), deco2(torch.ones(4)).item(), deco2(torch.ones(7)).item())
