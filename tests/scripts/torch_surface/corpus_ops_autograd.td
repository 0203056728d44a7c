# addmm/addmv backward (AddmmBackward0, AddmvBackward0) against PyTorch 1.13.
import torch
torch.manual_seed(0)
s = torch.randn(3, requires_grad=True); m1 = torch.randn(2, 4, requires_grad=True); m2 = torch.randn(4, 3, requires_grad=True)
y = torch.addmm(s, m1, m2, beta=0.5, alpha=2)
print(y.grad_fn.name())
(y * torch.arange(6.).reshape(2, 3)).sum().backward()
print(s.grad, m1.grad, m2.grad)
v = torch.randn(2, requires_grad=True); m = torch.randn(2, 3, requires_grad=True); x = torch.randn(3, requires_grad=True)
z = torch.addmv(v, m, x, beta=3, alpha=-1.5)
print(z.grad_fn.name())
(z * torch.tensor([1., -2.])).sum().backward()
print(v.grad, m.grad, x.grad)
