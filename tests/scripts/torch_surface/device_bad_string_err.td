# An unknown device type: PyTorch's parse error.
import torch
print(torch.device("cpu"))
d = torch.device("gpu")
