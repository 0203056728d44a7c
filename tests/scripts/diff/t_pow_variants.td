import torch
x = torch.tensor([1, 2, 3])
print(x ** 2, x ** 0, x.pow(3), torch.pow(2, x), x ** 0.5, x.float() ** -1, torch.tensor([4.0]) ** torch.tensor([0.5]))
