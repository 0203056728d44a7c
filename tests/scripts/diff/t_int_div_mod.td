import torch
a = torch.tensor([7, -7, 7, -7])
b = torch.tensor([2, 2, -2, -2])
print(a // b, a % b, torch.remainder(a, b), torch.floor_divide(a, b), a / b, a % b)
print(a // 3, a % 3, -a // 4, torch.tensor([5]) ** 2, torch.tensor([2]) ** torch.tensor([10]))
