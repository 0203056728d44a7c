import torch
x = torch.arange(4.0)
c = x.clone()
d = x.detach()
c[0] = 10
d[1] = 20
print(x, c, d, d.data_ptr() == x.data_ptr(), c.data_ptr() == x.data_ptr())
t = x.reshape(2, 2).t().clone()
print(t.is_contiguous(), t.stride())
