import torch

state = torch.zeros(3)
scale = 2.0
counter = torch.zeros(1)

def accumulate(x):
    state.add_(x * scale)
    counter.add_(1)
    return state.sum()

f = torch.compile(accumulate)
for i in range(3):
    print(f(torch.ones(3) * i).item(), state.tolist(), counter.tolist())
scale = 10.0   # a guarded Python global: recompiles
print(f(torch.ones(3)).item(), state.tolist())
state = torch.ones(3)   # a different global tensor: read fresh
print(f(torch.ones(3)).item(), state.tolist())

total = torch.zeros(2)
def rebind(x):
    global total
    total = total + x
    return total * 1

g = torch.compile(rebind)
for i in range(3):
    print(g(torch.ones(2)).tolist(), total.tolist())
