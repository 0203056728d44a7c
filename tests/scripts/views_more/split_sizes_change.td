# The split family reads sizes while tracing: a call with other sizes gets
# pieces of its own (the guards see the sizes that were read).
import torch


@torch.compile
def halves(x):
    parts = x.chunk(2)
    parts[0].add_(1)
    return [p.shape for p in parts], x.unbind(0)[-1]


for n in (4, 5, 7, 7, 2):
    x = torch.arange(float(n))
    print(halves(x), x)
