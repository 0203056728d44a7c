import torch

# Issue 16: backward's gradient must have the output's shape.
x = torch.ones(3, requires_grad=True)
(x * 2).backward(torch.ones(2))
