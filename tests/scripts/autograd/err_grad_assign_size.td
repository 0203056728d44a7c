import torch

# Issue 16: .grad assignment checks the size.
x = torch.ones(3, requires_grad=True)
x.grad = torch.ones(2)
