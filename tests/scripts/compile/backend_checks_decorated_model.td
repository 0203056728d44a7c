import torch

d = torch.compile(fullgraph=True)
print('before')
d(7)
