import torch
def f(x, i):
    return x.index_select(0, i) * 2
g = torch.compile(f)
x = torch.arange(6.).view(3, 2)
print(g(x, torch.tensor([2, 0])))
print(g(x, torch.tensor([-1])))
