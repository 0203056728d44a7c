import torch
x = torch.arange(24).reshape(2, 3, 4)
print(x.transpose(0, 2).shape, x.transpose(-1, -2).stride(), x.permute(2, 0, 1).stride(), x.permute(2, 0, 1).contiguous().stride())
print(x.transpose(0, 2)[1, 2], x.permute(1, 2, 0)[0])
