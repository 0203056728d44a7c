import torch
print("start")
torch.zeros(3, dtype=torch.int64).uniform_()
