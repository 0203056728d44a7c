import torch

# Issue 16: torch.func.grad needs a scalar output.
torch.func.grad(lambda x: x * 2)(torch.ones(2))
