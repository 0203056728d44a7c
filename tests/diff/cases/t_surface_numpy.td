import torch
x = torch.tensor([-1.0, -2 / 3, -1 / 3, 0.0, 1 / 3, 2 / 3, 1.0])
print(x.numpy())
print(repr((x * 1000).numpy()))
print(torch.arange(12).reshape(3, 4).numpy().tolist(), x.numpy().shape)
