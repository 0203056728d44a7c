import torch
# Numbers the dtype can hold convert; binary arithmetic wraps (PyTorch checks only Scalar conversions).
print(torch.full((2,), -2**31, dtype=torch.int32))
print(torch.zeros(2, dtype=torch.int32) + 2**40)
print(torch.zeros(2, dtype=torch.int64).fill_(2.0**63))
print(torch.zeros(2, dtype=torch.bool).fill_(2**40))
print(torch.zeros(2).fill_(float('inf')))
print(torch.zeros(2, dtype=torch.int32).clamp(-2**31, 2**31 - 1))
print(torch.ones(2, dtype=torch.int32) ** 2.5)
y = torch.arange(6.)
y[y > 3] = y[0]
print(y)
z = torch.arange(6.)
z[torch.tensor([0, 1])] = z[4:6].clone()
print(z)
