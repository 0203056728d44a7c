import torch
print(torch.ones(2, 3) @ torch.ones(2, 3))
