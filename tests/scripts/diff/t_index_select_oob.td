import torch
x = torch.arange(4)
print(x.index_select(0, torch.tensor([4])))
