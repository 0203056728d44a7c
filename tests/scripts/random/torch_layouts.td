# Random fills visit a non-contiguous tensor in memory order (PyTorch's
# TensorIterator), and randn of 16+ elements takes the pairwise path when
# the tensor is not contiguous.
import torch

torch.manual_seed(0)
x = torch.zeros(4, 6)
x[:, ::2].uniform_()
print(x)
y = torch.zeros(5, 4)
y.t().uniform_(-1.0, 2.0)
print(y)
z = torch.zeros(8, 4)
z.t().normal_()
print(z)
w = torch.zeros(3, 4, 5)
w.permute(2, 0, 1).normal_(1.0, 0.5)
print(w[0])
print(torch.rand_like(torch.zeros(3, 5).t()))
print(torch.randn_like(torch.zeros(6, 5).t()).stride())
print(torch.empty(20).normal_(2.5, 3.0).tolist())
print(torch.empty(10, dtype=torch.float64).uniform_(-2.0, 5.0).tolist())
