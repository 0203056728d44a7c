import torch
x = torch.zeros(3)
x.index_add_(0, torch.tensor([0]).expand(2**62), torch.ones(1).expand(2**62))
