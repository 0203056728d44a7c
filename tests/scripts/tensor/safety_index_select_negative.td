import torch
x = torch.arange(12.).view(3, 4)
print(x.index_select(0, torch.tensor([2, 0])))
x.index_select(0, torch.tensor([-1]))
