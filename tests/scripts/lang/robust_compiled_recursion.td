# a compiled function recursing reaches the same depth as eager recursion
# (issue 10: it stopped at 200 nested calls)
import torch

@torch.compile
def f(x, n):
    if n == 0:
        return x
    return f(x + 1, n - 1)

print(f(torch.zeros(1), 600).item())
