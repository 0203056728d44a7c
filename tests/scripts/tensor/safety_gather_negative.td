import torch
x = torch.zeros(3, 4)
x.gather(0, torch.tensor([[-1]]))
