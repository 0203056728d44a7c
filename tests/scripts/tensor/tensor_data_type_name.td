import torch
# The element type is named as type() names it (was "object": a stale copy of typeName).
print(torch.tensor([1.0, 2.0]).tolist())
t = torch.tensor([1.0, len])
