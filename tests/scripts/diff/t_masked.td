import torch
x = torch.arange(6.0).reshape(2, 3)
m = x > 2
print(x.masked_fill(m, -1), torch.masked_fill(x, m, 0.5), x.masked_fill(torch.tensor([True, False, True]), 9))
x.masked_fill_(x < 2, 100); print(x)
print(x[x > 50])
