import torch
x = torch.tensor([-2.0, -0.5, 0.0, 0.5, 2.0])
print(x.neg(), x.abs(), x.exp(), x.sin(), x.cos(), x.tanh(), x.tanh())
y = torch.tensor([0.25, 1.0, 4.0, 9.0])
print(y.sqrt(), y.log(), torch.sqrt(y), torch.log(y), torch.exp(y), y.pow(2), y ** 0.5, torch.pow(y, 3))
print(torch.abs(torch.tensor([-3, 4])), torch.neg(torch.tensor([1, -1])), -torch.tensor([True, False]).int())
print(torch.tensor([-1.0, 0.0]).sqrt(), torch.tensor([0.0, -1.0]).log())
