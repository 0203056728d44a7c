import torch
print("start")
torch.empty(3).normal_(0, -1)
