import torch
x = torch.zeros(2, 1, 3, 1)
print(x.squeeze().shape, x.squeeze(1).shape, x.squeeze(0).shape, x.unsqueeze(4).shape, x.unsqueeze(-5).shape)
print(x.flatten().shape, x.flatten(1).shape if True else 0, x.view(6, 1).shape, x.reshape(-1, 3).shape)
