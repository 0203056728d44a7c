import torch
x = torch.arange(24).reshape(2, 3, 4)
print(x.sum(dim=(0, 1)), x.sum((1, 2), keepdim=True).shape, x.sum(-1).shape, torch.sum(x, 1), torch.mean(x.float(), 0))
print(x.sum(dim=[0, 2]), x.prod(0).shape, x.float().mean((0, 2)))
