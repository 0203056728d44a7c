import torch

def f(x):
    return x + 1
print(torch.compile(f, mode='max-autotune')(torch.zeros(1)).tolist())
torch.compile(f, mode='bogus')
