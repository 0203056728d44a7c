# A write through a view whose elements overlap each other (no stride-0
# dimension, so eager's overlap check allows it): eager updates element by
# element and reads what it has just written; compiled code must agree.
import torch

def add_through(x):
    x.as_strided((2, 2), (1, 1)).add_(1)
    return x

def mul_through(x):
    x.as_strided((3, 2), (1, 1)).mul_(2)
    return x * 1

def fill_through(x, v):
    x.as_strided((2, 3), (2, 1)).fill_(v)
    return x

print(torch.compile(add_through)(torch.arange(4)).tolist())
print(torch.compile(mul_through)(torch.arange(5.0)).tolist())
print(torch.compile(fill_through)(torch.zeros(6), 7.0).tolist())
y = torch.arange(8)
print(torch.compile(add_through)(y[::2]).tolist(), y.tolist())
