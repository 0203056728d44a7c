import torch


@torch.compile
def f(x):
    return x.unsqueeze(0).t_()


print("before")
print(f(torch.arange(10.0).reshape(2, 5)))
