import torch

# Issue 16: backward() without a gradient needs a one-element output.
x = torch.tensor([1.0, 2.0], requires_grad=True)
(x * 2).backward()
