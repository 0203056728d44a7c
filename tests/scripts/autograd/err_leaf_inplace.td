import torch

# Issue 16: an in-place op on a leaf that requires grad.
w = torch.ones(3, requires_grad=True)
w.mul_(2)
