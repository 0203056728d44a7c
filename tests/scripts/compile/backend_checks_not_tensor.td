import torch

def bad(gm, ex):
    return lambda x: ["x"]
print(torch.compile(lambda x: x + 1, backend=bad)(torch.ones(2)))
