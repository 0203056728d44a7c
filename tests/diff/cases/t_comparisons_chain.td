import torch
x = torch.tensor([1, 5, 3])
y = torch.tensor([2, 5, 1])
print(x == y, x != y, x < y, x <= y, x > y, x >= y, x == y)
print((x > 2) & (y > 1), (x > 2) | (y > 1), ~(x > 2), (x > 2) ^ (y > 1) if True else 0)
