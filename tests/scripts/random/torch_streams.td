# PyTorch's CPU generator: after manual_seed, rand/randn print PyTorch's
# numbers, below 16 elements (pairs with a cached twin) and from 16 up
# (blocks of 16, the last block redrawn), in float32 and float64.
import torch

torch.manual_seed(0)
print(torch.rand(3))
print(torch.randn(3))
print(torch.randn(20))
print(torch.rand(2, dtype=torch.float64).tolist())
print(torch.randn(5, dtype=torch.float64).tolist())
print(torch.randn(17, dtype=torch.float64).tolist())
print(torch.randn(33).tolist())
for seed in [1, 42, 12345]:
    torch.manual_seed(seed)
    print(seed, torch.rand(4).tolist(), torch.randn(15).tolist()[-2:], torch.randn(16).tolist()[-2:])
print(torch.initial_seed())
# Unseeded generators start from PyTorch's default seed.
g = torch.Generator()
print(g.initial_seed(), torch.rand(3, generator=g).tolist())
print(g.manual_seed(7) is not None, torch.randn(2, generator=g).tolist())
