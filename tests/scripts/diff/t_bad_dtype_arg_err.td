import torch
print(torch.zeros(2, dtype="float"))
