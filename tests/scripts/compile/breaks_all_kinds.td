import torch

# Every graph-break kind; compiled output must equal eager output.
def truth_if(x):
    y = x * 2
    if y.sum() > 3:
        return y - 1
    return y + 1

def truth_while(x):
    k = 0
    while x.max() < 10:
        x = x + 3
        k += 1
    return x, k

def truth_not(x):
    y = x - 1
    if not y.any():
        return y + 100
    return y

def to_python(x):
    a = bool(x.sum() > 0)
    b = int(x[0])
    c = float(x[1])
    d = x.sum().item()
    e = x.tolist()
    return a, b, c, d, e, x * 2

def printing(x):
    y = x + 1
    print("y is", y)
    z = y * y
    print(f"z sum {z.sum()}")
    return z

def untraceable(x):
    y = x + 1
    torch.manual_seed(3)
    return y + torch.rand(2)

for fn in (truth_if, truth_while, truth_not, to_python, printing, untraceable):
    cf = torch.compile(fn)
    for inp in (torch.tensor([1.0, 2.0]), torch.tensor([-1.0, 0.5]), torch.tensor([1.0, 1.0])):
        r = cf(inp.clone())
        e = fn(inp.clone())
        print(fn.__name__, r, e)
