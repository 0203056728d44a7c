import torch
print(torch.tensor([1.9, -1.9, 0.5]).long(), torch.tensor([1.9, -1.9]).int(), torch.tensor([0.0, 0.1]).bool())
