import torch
x = torch.ones(2, 3)
print(x.clone(memory_format=1))
