import torch


@torch.compile
def f(x):
    return x[1:].ge_(x[:-1])


print("before")
print(f(torch.arange(5.0)))
