import torch
def f(x):
    y = x[::9223372036854775807]
    y.add_(10)
    return y.tolist(), x.tolist()
g = torch.compile(f)
print(g(torch.tensor([1, 2, 3])))
