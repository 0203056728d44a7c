# .to() with an argument that is no device, dtype or tensor: PyTorch's signature error.
import torch
x = torch.ones(2)
print(x.to(torch.device("cpu"), torch.float64))
x.to([1])
