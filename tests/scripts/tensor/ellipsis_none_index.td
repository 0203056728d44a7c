import torch
x = torch.arange(24).reshape(2, 3, 4)
print(x[..., 1].shape, x[None].shape, x[:, None, 1].shape, x[1, ..., None].shape)
print(x[..., -1].tolist())
print(x[1, :, ::3].tolist())
