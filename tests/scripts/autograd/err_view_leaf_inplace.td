import torch

# Issue 16: an in-place op through a view of a leaf that requires grad.
w = torch.ones(3, requires_grad=True)
w[1:].zero_()
