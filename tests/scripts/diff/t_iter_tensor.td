import torch
x = torch.arange(6).reshape(3, 2)
for row in x:
    print(row, row.shape)
for v in torch.tensor([1.5, 2.5]):
    print(v)
print([int(v) for v in torch.arange(3)], list(torch.arange(2)))
