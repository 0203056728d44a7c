import torch
x = torch.zeros(2, 3)
print(x[-3])
