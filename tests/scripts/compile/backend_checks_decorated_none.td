import torch

torch.compile()(None)
