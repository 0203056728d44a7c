# A first tdsl script: plain Python, then tensors with in-place views.
import torch

def greet(name, punctuation="!"):
    return f"hello, {name}{punctuation}"

print(greet("tdsl"))
x = torch.arange(6.0)
x[1:4] += 10          # mutates x through a view, as in PyTorch
print(x)
