import torch
x = torch.arange(24).reshape(2, 3, 4)
print(x[..., None].shape, x[None, ..., None].shape, x[0, ..., 1], x[:, None, 1].shape, x[..., 1:3].shape)
