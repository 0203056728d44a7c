import torch
# t + 1 is laid out like the transposed t, so viewing it flat fails, in the
# compiled function as in eager code, at the same line.
def flat(t):
    r = t + 1
    return r.view(-1)
print(torch.compile(flat)(torch.arange(6.).reshape(2, 3).t()))
