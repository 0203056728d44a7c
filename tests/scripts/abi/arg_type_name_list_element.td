import torch
print(torch.cat([torch.zeros(1), range(2)]))
