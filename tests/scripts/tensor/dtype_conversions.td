import torch
x = torch.tensor([1.7, -2.5])
print(x.long().tolist(), x.int().dtype, x.double().dtype, x.bool().tolist(), x.to(torch.float64).dtype)
print(x.to(torch.float32) is x, torch.tensor([True, False]).sum().item(), torch.tensor(3).dtype)
print(torch.tensor([[True, False]]).dtype, torch.tensor([1, 2.5]).dtype, torch.tensor([]).dtype)
