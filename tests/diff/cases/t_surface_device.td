import torch
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
x = torch.randn(3, 3, device=device) if False else torch.arange(9.0, device=device).reshape(3, 3)
y = x.to(device).cpu()
print(device, y.device, y.is_cuda, y.type(), x.to(torch.int64).type(), torch.device("cpu", 0) == torch.device("cpu:0"))
