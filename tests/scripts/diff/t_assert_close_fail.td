import torch
a = torch.tensor([1.0, 2.0])
torch.testing.assert_close(a, a + 1, rtol=0, atol=0)
