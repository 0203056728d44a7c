import torch
x = torch.tensor([[1], [2], [3]])
print(x.expand(3, 4), x.expand(2, 3, 2).shape, x.expand(-1, 2), x.expand(3, 2).stride(), x.expand(3, 2).is_contiguous())
print(x.expand(3, 2).contiguous().stride(), x.expand(3, 2) + 1)
