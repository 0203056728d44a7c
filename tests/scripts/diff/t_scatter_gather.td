import torch
x = torch.tensor([[1, 2], [3, 4]])
print(torch.gather(x, 1, torch.tensor([[0, 0], [1, 0]])), x.gather(0, torch.tensor([[1, 0]])))
z = torch.zeros(3, 5)
src = torch.arange(1.0, 11.0).reshape(2, 5)
print(z.scatter(0, torch.tensor([[0, 1, 2, 0, 0]]), src))
print(torch.zeros(2, 4).scatter_(1, torch.tensor([[1, 2], [0, 3]]), 7.0))
print(torch.zeros(2, 4).scatter(1, torch.tensor([[1], [3]]), torch.ones(2, 1), reduce="add") if False else 0)
print(torch.zeros(5)torch.tensor([2., 1., 0., 0., 0.]))
