import torch
x = torch.tensor([1, 2, 4])
print((2 - x).tolist(), (2 ** x).tolist(), (True * x).tolist(), (-x).tolist())
print((8 / x).tolist(), (9 // x).tolist(), (7 % x).tolist(), (1 + x).tolist())
print((3 > x).tolist(), (x ** 2).tolist(), (x / 2).dtype, (2 * x).dtype)
