import torch

# A tensor's value used as an index is a graph break (it becomes a Python
# int); index tensors and boolean masks are advanced indexing. Fresh slice
# objects built from such values are rebuilt on every call.
def pick(x, i):
    return x[i] * 2, x[i:], x[1:i + 1]

def gather(x, idx):
    return x[idx], x[x > 2], x[idx].sum()

def assign(x, i, v):
    x[i] = v
    x[x < 1] = -1
    return x

f = torch.compile(pick)
g = torch.compile(gather)
h = torch.compile(assign)
for k in (1, 2, 3):
    x = torch.arange(6.0)
    print(f(x, torch.tensor(k)))
    print(g(x, torch.tensor([k, 0])))
    print(h(x.clone(), torch.tensor(k), 10.0))
