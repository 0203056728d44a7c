import torch

try:
    torch.ones(2) + torch.ones(3)
except RuntimeError as e:
    print("RuntimeError", e)
try:
    torch.ones(2, 3) @ torch.ones(2, 3)
except RuntimeError as e:
    print("RuntimeError", type(e).__name__)
try:
    torch.ones(2)[5]
except IndexError as e:
    print("IndexError", e)
x = [1, 2, 3]
try:
    x[10]
except IndexError as e:
    print("list", e)
try:
    {}["k"]
except KeyError as e:
    print("dict", e, repr(e))
try:
    print(1 // 0)
except ZeroDivisionError as e:
    print("zero", e)
