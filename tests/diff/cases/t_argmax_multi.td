import torch
x = torch.tensor([[1, 3, 3], [2, 2, 0]])
print(x.argmax(), x.argmax(1), x.argmin(0), x.max(1), x.min(), torch.max(x), torch.max(x, 0).values)
print(torch.max(x, torch.tensor([2, 2, 2])), torch.min(x, dim=1, keepdim=True))
