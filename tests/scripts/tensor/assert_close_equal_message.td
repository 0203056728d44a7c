import torch
print("ints compare exactly")
torch.testing.assert_close(torch.tensor([1, 2, 3]), torch.tensor([1, 5, 3]))
