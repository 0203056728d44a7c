import torch
x = torch.arange(5)
print(x[::2].tolist(), x[-3:].tolist(), x[-10:2].tolist(), x[3:1].tolist())
x[::-1]
