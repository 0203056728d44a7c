import torch
i = torch.tensor([1, 2, 3])
print(i & None)
