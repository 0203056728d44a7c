import torch
a = torch.zeros(4)
a.as_strided((2,), (2**62,), 2**62)
