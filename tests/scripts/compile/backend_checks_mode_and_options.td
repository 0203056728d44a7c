import torch

def f(x):
    return x + 1
torch.compile(f, mode='default', options={})
