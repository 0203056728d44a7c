import torch


@torch.compile
def f(x):
    return x.movedim((0, 0), (1, 0))


print("before")
print(f(torch.arange(10.0).reshape(2, 5)))
