import torch
x = torch.zeros(2, dtype=torch.int32)
x.add(torch.ones(2, dtype=torch.int32), alpha=2**40)
