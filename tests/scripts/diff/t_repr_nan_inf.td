import torch
print(torch.tensor([float('nan'), 1.0, float('inf')]))
print(torch.tensor([float('inf'), -float('inf')]))
print(torch.tensor([float('nan')]))
print(torch.tensor([1.5, float('-inf'), 1e-6]))
print(torch.tensor([[float('nan'), 2.0], [3.0, 4.25]]))
print(torch.tensor([1, 2]) / torch.tensor([0, 0]))
