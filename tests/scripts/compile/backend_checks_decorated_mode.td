import torch

def f(x):
    return x + 1
d = torch.compile(mode='bogus')
print('deferred')
d(f)
