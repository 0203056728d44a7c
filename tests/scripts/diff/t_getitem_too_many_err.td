import torch
print(torch.zeros(2, 2)[0, 0, 0])
