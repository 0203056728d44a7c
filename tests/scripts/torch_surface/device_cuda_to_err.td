# .to("cuda") on a CPU-only build: PyTorch's AssertionError.
import torch
x = torch.ones(2)
print(x.to("cpu"))
x = x.to("cuda:0")
