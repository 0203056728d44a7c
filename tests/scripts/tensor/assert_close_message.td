import torch
a = torch.tensor([1.0, 2.0, 3.0])
torch.testing.assert_close(a, a.clone())
torch.testing.assert_close(a, a + 1e-7)
print("close")
torch.testing.assert_close(a, torch.tensor([1.0, 2.5, 3.0]))
