import torch
a = torch.arange(6.0).reshape(2, 3)
b = torch.arange(12.0).reshape(3, 4)
v = torch.tensor([1.0, 2.0, 3.0])
print(a @ b, torch.mm(a, b), a.matmul(v), v @ b, torch.dot(v, v), v @ v)
bt = torch.arange(24.0).reshape(2, 3, 4)
print(torch.matmul(a, bt), (bt.transpose(1, 2) @ a.t()).shape, torch.matmul(bt, v.new_ones(4) if False else torch.ones(4)))
i = torch.arange(6).reshape(2, 3)
print(i @ i.t(), torch.matmul(i, torch.tensor([1, 1, 1])), (a.double() @ b.double()).dtype)
