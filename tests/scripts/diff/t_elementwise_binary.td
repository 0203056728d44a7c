import torch
a = torch.tensor([[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]])
b = torch.tensor([2.0, 0.5, -1.0])
print(a + b, a - b, a * b, a / b, a // b, a % b, a ** 2, 2 ** a)
print(torch.add(a, b, alpha=2), torch.sub(a, 1), torch.mul(a, 3), torch.div(a, 4))
print(torch.maximum(a, b), torch.minimum(a, b), torch.remainder(a, 3), torch.floor_divide(a, 2))
print(torch.clamp(a, -1, 2), a.clamp(min=0), a.clamp(max=1), torch.where(a > 0, a, b), torch.where(a > 0, a, 0.0))
print(a > b, a >= 3, a < 0, a <= b, a == 3, a != 3)
