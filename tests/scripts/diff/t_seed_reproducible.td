import torch
torch.manual_seed(42)
a = torch.rand(5)
torch.manual_seed(42)
b = torch.rand(5)
print(torch.equal(a, b))
