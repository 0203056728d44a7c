import torch
print(torch.ones(2, 3) @ torch.ones(3, 2, dtype=torch.float64))
