import torch
x = torch.arange(20).reshape(4, 5)
print(x[torch.tensor([0, 2])], x[torch.tensor([0, 2]), torch.tensor([1, 3])], x[:, torch.tensor([4, 0])])
print(x[x > 10], x[torch.tensor([True, False, True, False])], x[[0, 1]] if True else 0, x[[1, 1], [2, 3]])
print(x[torch.tensor([[0, 1], [2, 3]])].shape, x[1:, torch.tensor([0])].shape, x[-1, torch.tensor([-1, -2])])
y = x[torch.tensor([0])]
y[0, 0] = 999
print(x[0])
