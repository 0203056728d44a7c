import torch
import tdsl

# nonzero's result size depends on the data: compiled code breaks the graph
# there (kTagDataDependentShape), as torch.compile does, and says why.
def pick(x):
    y = x * 2
    idx = torch.nonzero(y > 2)
    return idx, y.sum()

x = torch.tensor([[1.0, 2.0], [3.0, 0.5]])
print(torch.nonzero(x), x.nonzero(), torch.nonzero(torch.tensor(5)), torch.nonzero(torch.zeros(2)))
e = tdsl.explain(pick)(x)
print(e.graph_break_count, e.break_reasons)
f = torch.compile(pick)
print(f(x), f(x + 1))
