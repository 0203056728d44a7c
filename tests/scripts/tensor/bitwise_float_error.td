import torch
i = torch.tensor([1, 2, 3])
print(i & 1)
print(i & 1.5)
