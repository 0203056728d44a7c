import torch
def f(a):
    return a.as_strided((2, 2), (2**62 + 4, 2**62)).fill_(-1.0)
g = torch.compile(f)
b = torch.full((4,), 42.0)
g(torch.zeros(4))
