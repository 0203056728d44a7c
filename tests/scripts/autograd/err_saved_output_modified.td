import torch

# Issue 16: exp saves its result; writing it in place fails its backward.
x = torch.tensor([[0.5, 1.0]], requires_grad=True)
e = x.exp()
e.add_(1)
e.sum().backward()
