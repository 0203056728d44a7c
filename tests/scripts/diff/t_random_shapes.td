import torch
torch.manual_seed(0)
print(torch.rand(3).shape, torch.randn(2, 3).shape, torch.rand(2, 2).dtype, torch.randn(4, dtype=torch.float64).dtype)
r = torch.rand(1000)
print(bool((r >= 0).all()), bool((r < 1).all()))
