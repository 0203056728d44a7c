import torch
x = torch.arange(10)
print(x[2:8:3], x[-3:], x[:-8], x[5:2], x[100:], x[-100:3], x[::4].stride(), x[3:].storage_offset())
y = x[1:9:2]
y[:] = 0
print(x)
x[1:4] += 10
print(x)
x[::3] *= -1
print(x)
