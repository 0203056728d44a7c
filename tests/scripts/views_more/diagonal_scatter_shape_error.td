import torch


@torch.compile
def f(x):
    return x.diagonal_scatter(torch.ones(3))


print("before")
print(f(torch.arange(10.0).reshape(2, 5)))
