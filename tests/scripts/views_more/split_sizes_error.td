import torch


@torch.compile
def f(x):
    return x.split([2, 2], 1)


print("before")
print(f(torch.arange(10.0).reshape(2, 5)))
