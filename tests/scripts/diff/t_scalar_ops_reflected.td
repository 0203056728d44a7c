import torch
x = torch.tensor([1.0, 2.0, 4.0])
print(1 - x, 2 / x, 3 * x, 10 // x, 7 % x, 2 ** x, 1 + x, x - 1, x / 2, x // 3)
i = torch.tensor([1, 2, 4])
print(1 - i, 2 / i, 3 * i, 10 // i, 7 % i, 2 ** i, 1.5 + i)
print(x == 2, 2 == x, 1 < x, x > 1.5, 3 >= i)
