import torch
print("ok")
x = torch.zeros(10**12)
