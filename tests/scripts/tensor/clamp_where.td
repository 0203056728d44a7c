import torch
x = torch.tensor([-2.0, 0.5, 3.0])
print(x.clamp(min=0).tolist(), x.clamp(max=1).tolist(), torch.clamp(x, -1, 1).tolist())
print(torch.where(x > 0, x, 0.0).tolist(), torch.where(x > 0, 1, 0).tolist())
x.clamp_(0, 2)
print(x.tolist())
print(torch.maximum(x, torch.tensor(1.0)).tolist(), torch.minimum(x, torch.tensor([1.0, 1.0, 1.0])).tolist())
