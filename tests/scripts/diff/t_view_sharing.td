import torch
x = torch.zeros(4, 4)
a = x[1:3, 1:3]
a += 1
x.t()[0, 3] = 7
x.view(16)[15] = 9
x[:, 0].fill_(5)
print(x)
print(a.storage_offset(), x[2].storage_offset(), a.data_ptr() - x.data_ptr(), x[1:].data_ptr() == x[1].data_ptr())
p = x.permute(1, 0)
p[0].zero_()
print(x)
