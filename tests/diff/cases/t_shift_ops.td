import torch
x = torch.tensor([1, -2, 3])
i = x.int()
print(x << 2, x >> 1, 1 << x.abs(), i << x.abs(), x << 64, i >> 33, x.bitwise_left_shift(i), torch.bitwise_right_shift(-8, x.abs()))
x <<= 3
print(x, x.dtype)
