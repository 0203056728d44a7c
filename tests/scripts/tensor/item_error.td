import torch
x = torch.tensor([1.0, 2.0])
print(x[0].item())
x.item()
