import torch
x = torch.tensor([-5, 0, 5])
print(x.clamp(-2, 2), x.clamp(min=1), x.clamp(max=-1), x.clamp(-2.5, 2.5), torch.clamp(x, 0))
