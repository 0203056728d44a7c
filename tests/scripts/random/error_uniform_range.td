import torch
print("start")
torch.empty(3).uniform_(2, 1)
