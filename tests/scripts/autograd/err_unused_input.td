import torch

# Issue 16: torch.autograd.grad of an input the outputs do not use.
a = torch.tensor(1.0, requires_grad=True)
b = torch.tensor(2.0, requires_grad=True)
torch.autograd.grad(a * 3, [a, b])
