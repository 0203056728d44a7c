import torch

# Issue 16: .item() of a batched tensor inside vmap is PyTorch's error, at the call.
def f(a):
    return a * a.item()

print(torch.func.vmap(f)(torch.tensor([1.0, 2.0])))
