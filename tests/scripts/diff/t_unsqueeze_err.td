import torch
print(torch.zeros(2).unsqueeze(3))
