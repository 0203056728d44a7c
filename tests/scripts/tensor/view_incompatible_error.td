import torch
t = torch.arange(6).reshape(2, 3).t()
print(t.reshape(6).tolist())
t.view(6)
