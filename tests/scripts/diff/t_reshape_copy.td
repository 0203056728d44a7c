import torch
x = torch.arange(6).reshape(2, 3).t()
y = x.reshape(6)
y[0] = 100
print(x, y)
z = torch.arange(6).reshape(2, 3)
w = z.reshape(3, 2)
w[0, 0] = -1
print(z)
