import torch
x = torch.tensor([[1, 2], [3, 4]])
print(x.gather(1, torch.tensor([[0, 2]])))
