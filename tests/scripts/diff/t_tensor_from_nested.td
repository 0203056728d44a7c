import torch
print(torch.tensor([[1, 2], [3, 4]]), torch.tensor([[1, 2.5]]), torch.tensor([1, True]), torch.tensor([[True]]))
print(torch.tensor(((1, 2), (3, 4))).shape, torch.tensor([torch.tensor(1.0).item(), 2.0]))
