import torch
torch.full((2,), float('nan'), dtype=torch.int32)
