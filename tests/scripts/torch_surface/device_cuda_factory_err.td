# Asking a factory for a CUDA device is PyTorch's CPU-only error.
import torch
x = torch.zeros(2, device="cpu")
print(x)
y = torch.zeros(2, device="cuda")
