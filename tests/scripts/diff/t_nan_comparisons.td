import torch
n = torch.tensor([float('nan'), 1.0])
print(n == n, n != n, n > 0, n.max(), n.min(), n.sum(), n.argmax(), torch.maximum(n, torch.zeros(2)))
