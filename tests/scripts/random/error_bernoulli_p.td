import torch
print("start")
torch.empty(3).bernoulli_(2)
