import torch
print(torch.arange(0, 10, 4).tolist())
torch.arange(0, 2**62, 1e-10)
