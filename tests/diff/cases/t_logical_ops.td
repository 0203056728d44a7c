import torch
b = torch.tensor([True, False, True])
print(b & torch.tensor([True, True, False]), b | False, ~b, ~b)
