# A partial overlap inside a tensor the graph itself made (a proxy while
# tracing, with no storage): the compiled call raises eager's error, at the
# same line.
import torch

def f(x):
    y = x * 1
    print('before')
    y[2:4].mul_(y[1:3])
    return y

print(torch.compile(f)(torch.arange(5.0)).tolist())
