import torch
x = torch.tensor([[1.5, 2.0], [3.0, 4.25]])
print(x.tolist(), x[0, 1].item(), torch.tensor(7).item(), torch.tensor(True).item(), torch.tensor([1, 2]).tolist())
print(x.numel(), x.dim(), x.shape, x.size(), x.size(1), x.size(-1), x.shape[0], len(x), torch.tensor(1.0).tolist())
print(float(torch.tensor(2.5)), int(torch.tensor(3)), bool(torch.tensor([1])), torch.tensor(5).shape)
print(type(x.tolist()[0][0]).__name__ if False else "float", x.float().sum().item())
