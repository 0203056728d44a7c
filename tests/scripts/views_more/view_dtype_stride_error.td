import torch


@torch.compile
def f(x):
    return x.t().view(torch.float64)


print("before")
print(f(torch.arange(10.0).reshape(2, 5)))
