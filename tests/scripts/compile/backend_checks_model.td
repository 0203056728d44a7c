import torch

print('before')
torch.compile(5)
