import torch


@torch.compile
def f(x):
    return x.hsplit(2)


print("before")
print(f(torch.arange(10.0).reshape(2, 5)))
