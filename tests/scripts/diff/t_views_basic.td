import torch
x = torch.arange(12).reshape(3, 4)
print(x[1], x[:, 2], x[1:, ::2], x[-1, -1], x[..., 1], x[None].shape, x[:, None, :].shape, x[1:2, 1:3])
v = x[1]
v[0] = 100
print(x)
t = x.t()
print(t, t.is_contiguous(), t.stride(), x.stride(), t.contiguous().stride())
print(x.transpose(0, 1).shape, x.permute(1, 0).shape, x.unsqueeze(0).shape, x.unsqueeze(-1).shape)
print(x.view(4, 3), x.view(-1), x.reshape(2, -1), x.flatten(), x.T.shape)
y = torch.zeros(1, 3, 1)
print(y.squeeze().shape, y.squeeze(0).shape, y.squeeze(1).shape, y.squeeze(-1).shape)
e = torch.tensor([[1], [2]]).expand(2, 3)
print(e, e.stride(), torch.tensor([1, 2]).expand(3, -1))
