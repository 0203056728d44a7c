import torch
x = torch.zeros(3, 4)
x[torch.tensor([0, 2])] = 1
x[x == 0] = -1
x[1, torch.tensor([1, 3])] = torch.tensor([5.0, 6.0])
x[:, 0] = torch.tensor([7.0, 8.0, 9.0])
x[0:2, 1:3] = 4
print(x)
m = torch.tensor([True, False, True, False])
y = torch.arange(4.0)
y[m] = torch.tensor([10.0, 20.0])
print(y)
y[m] += 1
print(y)
z = torch.arange(5)
z[torch.tensor([1, 1, 3])] += 10
print(z)
