import torch
x = torch.tensor([0.1, 0.2, 0.3])
print(x.sum(), (x * 3).tolist(), x[0].item(), float(x[1]))
print(torch.tensor(1 / 3).item(), torch.tensor(16777217.0).item())
