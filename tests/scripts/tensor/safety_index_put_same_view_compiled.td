import torch
def f(y):
    y.index_put_((torch.tensor([1, 0]),), y)
    return y
g = torch.compile(f)
print(g(torch.arange(2.)))
