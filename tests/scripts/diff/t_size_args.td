import torch
print(torch.zeros((2, 3)).shape, torch.zeros([2, 3]).shape, torch.ones(torch.Size([2, 1])).shape, torch.zeros(3).shape == (3,))
s = torch.zeros(2, 3).shape
print(s[0], s[-1], len(s), list(s), s == torch.Size([2, 3]), tuple(s), s[1:])
