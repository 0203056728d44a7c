import torch
for dt in [torch.float32, torch.float64, torch.int64, torch.int32, torch.bool]:
    x = torch.ones(2, dtype=dt)
    print(dt, x.dtype, x, x.sum().dtype)
print(torch.float, torch.double, torch.long, torch.int)
print(torch.tensor([1, 2], dtype=torch.float64), torch.tensor([1.7, -2.7]).to(torch.int64) if False else torch.tensor([1.7, -2.7]).long())
print(torch.tensor([0, 2]).bool(), torch.tensor([1.5]).double(), torch.tensor([True]).float(), torch.tensor([3.9]).int())
