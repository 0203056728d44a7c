import torch

# Issue 16: only floating tensors can require grad.
torch.tensor([1, 2], requires_grad=True)
