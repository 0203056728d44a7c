import torch

def bad(gm, ex):
    return 5
print(torch.compile(lambda x: x + 1, backend=bad)(torch.ones(2)))
