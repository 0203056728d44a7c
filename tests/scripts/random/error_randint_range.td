import torch
print("start")
torch.randint(3, 3, (2,))
