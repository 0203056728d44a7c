import torch
s = torch.tensor(3.0)
print(s, s.shape, s.dim(), s + 1, s * torch.ones(2), s.item(), s.sum(), s.reshape(1), s.unsqueeze(0), s[None])
print(torch.tensor(2) ** 3, -s, s.max(), s.view(1, 1))
