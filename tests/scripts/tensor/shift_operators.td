import torch
# << and >> on tensors: torch.bitwise_left_shift / bitwise_right_shift, with
# PyTorch's type promotion; counts are taken modulo the bit width, as PyTorch
# 1.13's CPU kernels do; right shifts of negative numbers are arithmetic.
x = torch.tensor([1, 2, 3])
i = torch.tensor([1, 2, 3], dtype=torch.int32)
b = torch.tensor([True, False, True])
print(x << 2, x >> 1, x << x, 2 << x, 16 >> x, x << True, True << x)
print(i << 2, i << x, x << i, torch.tensor(2) << i, i << torch.tensor(2), b << 1, b << torch.tensor(2))
print(x << 63, x << 64, x << 65, x << -1, x >> 64, torch.tensor([-8]) >> 1, torch.tensor([-8]) >> 70)
print(i << 31, i << 33, torch.tensor([-8], dtype=torch.int32) >> 40, i >> -1)
print(torch.bitwise_left_shift(x, 2), torch.bitwise_left_shift(2, x), torch.bitwise_right_shift(x, x),
      x.bitwise_left_shift(i), x.bitwise_right_shift(1))
big = torch.arange(64).reshape(8, 8).t()
r = big << 3
print(r.stride(), r.dtype, torch.equal(r >> 3, big), (big.int() << torch.arange(8)).dtype)
y = x.clone()
y <<= 2
z = i.clone()
z >>= x
print(y, z, y.bitwise_left_shift_(1), y.bitwise_right_shift_(x), y)
w = torch.arange(6).reshape(2, 3)
w[:, 1:] <<= 4
print(w)
