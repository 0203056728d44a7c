import torch
y = torch.arange(6.)
y[torch.tensor([0, 1])] = y[4:6]
