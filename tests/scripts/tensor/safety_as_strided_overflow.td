import torch
a = torch.zeros(4)
b = torch.full((4,), 42.0)
print(b.tolist())
a.as_strided((2, 2), (2**62 + 4, 2**62)).fill_(-1.0)
