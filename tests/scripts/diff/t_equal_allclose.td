import torch
a = torch.tensor([1.0, 2.0])
print(torch.equal(a, a.clone()), torch.equal(a, a + 1e-9), torch.allclose(a, a + 1e-9), torch.allclose(a, a + 1))
print(torch.allclose(a, a + 0.5, atol=1), torch.equal(a, torch.tensor([1.0, 2.0, 3.0])))
torch.testing.assert_close(a, a + 1e-9)
print("ok")
