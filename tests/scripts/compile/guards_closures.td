import torch

# A tensor captured by a closure that is passed in (not the compiled
# function's own cell) is guarded: another closure over another tensor is
# another trace, for every backend.
def adder(v):
    return lambda x: x + v

for backend in ("tdsl", "eager", "aot_eager"):
    opt = torch.compile(lambda x, f: f(x), backend=backend)
    print(opt(torch.zeros(3), adder(torch.ones(3))).tolist())
    print(opt(torch.zeros(3), adder(torch.ones(3) * 10)).tolist())
    print(opt(torch.zeros(3), adder(torch.ones(3) * 10)).tolist())

# A closure over a list read for its value, and one over a default argument.
def scaler(items):
    return lambda x: x * items[0]

opt = torch.compile(lambda x, f: f(x))
items = [2]
s = scaler(items)
print(opt(torch.ones(2), s).tolist())
items[0] = 3
print(opt(torch.ones(2), s).tolist())

def with_default(w):
    def f(x, w=w):
        return x - w
    return f

print(opt(torch.ones(2), with_default(torch.ones(2))).tolist())
print(opt(torch.ones(2), with_default(torch.full((2,), 5.0))).tolist())

# Closures nested two deep.
def outer(v):
    def mid():
        return lambda x: x * v
    return mid()

print(opt(torch.ones(2), outer(torch.full((2,), 2.0))).tolist())
print(opt(torch.ones(2), outer(torch.full((2,), 4.0))).tolist())
