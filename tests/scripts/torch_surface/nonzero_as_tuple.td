# nonzero(as_tuple=True) and torch.where(condition) (Note [nonzero as_tuple]).
import torch

x = torch.tensor([[0.0, 1.5, 0.0], [2.0, 0.0, -1.0]])
rows, cols = torch.nonzero(x, as_tuple=True)
print(rows, cols, x[rows, cols])
print(x.nonzero(as_tuple=True), torch.where(x > 0), torch.nonzero(x, as_tuple=False).shape)
print(torch.nonzero(torch.tensor(5), as_tuple=True), torch.where(torch.zeros(3) > 1))

def positives(a):
    idx = torch.where(a > 0)
    return a[idx] * 2

f = torch.compile(positives)
print(f(x), f(-x))
