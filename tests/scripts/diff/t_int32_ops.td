import torch
a = torch.tensor([1, 2, 3], dtype=torch.int32)
print(a + a, a * 2, a // 2, a % 2, a.sum(), a.max(), a.float(), (a + a).dtype, torch.arange(3, dtype=torch.int32))
print(a, a.argmax(), a - torch.tensor([1, 1, 1]))
