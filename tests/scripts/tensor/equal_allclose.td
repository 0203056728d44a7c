import torch
a = torch.tensor([1.0, 2.0])
print(torch.equal(a, a.clone()), torch.equal(a, torch.tensor([1.0, 2.5])))
print(torch.allclose(a, a + 1e-9), torch.allclose(a, a + 1e-3), a.allclose(a + 0.05, atol=0.1))
