import torch

# Issue 16: backward of a tensor that does not require grad.
torch.tensor([1.0, 2.0]).sum().backward()
