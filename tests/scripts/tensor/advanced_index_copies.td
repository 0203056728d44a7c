import torch
x = torch.arange(12).reshape(3, 4)
rows = x[[0, 2]]
print(rows.tolist(), rows.data_ptr() == x.data_ptr())
print(x[torch.tensor([2, 0]), torch.tensor([1, 3])].tolist())
print(x[:, torch.tensor([0, 3])].tolist())
print(x[x % 5 == 0].tolist())
rows[0, 0] = 100
print(x[0, 0].item())
