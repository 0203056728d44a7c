import torch
x = torch.arange(12.0).reshape(3, 4)
x[0].add_(100)
x[:, 1].mul_(-1)
x.t()[2].zero_()
x.view(-1)[::5].fill_(7)
x[1:, 2:].sub_(torch.tensor([1.0, 2.0]))
print(x)
y = x.unsqueeze(0).expand(2, 3, 4)
print(y[1])
d = x[0]
print(x.sum())
