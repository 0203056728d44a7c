import torch

def f(x):
    return x + 1
print(torch.compile(f, options={'reinplace': False})(torch.zeros(1)).tolist())
torch.compile(f, options={'no_such_option': True})
