import torch
x = torch.arange(5)
print(x[torch.tensor([1, 7])])
