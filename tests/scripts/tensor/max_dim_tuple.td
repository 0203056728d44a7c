import torch
x = torch.tensor([[1.0, 5.0, 2.0], [7.0, 0.0, 7.0]])
v, i = x.max(dim=1)
print(v.tolist(), i.tolist())
r = torch.max(x, 0, keepdim=True)
print(r[0].tolist(), r[1].tolist(), r[0].shape)
print(torch.max(x, torch.full((2, 3), 4.0)).tolist())
print(x.min().item(), x.argmax().item(), x.argmin(dim=0).tolist())
