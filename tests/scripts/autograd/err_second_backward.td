import torch

# Issue 16: saved tensors are freed by the first backward.
x = torch.tensor([1.0, 2.0], requires_grad=True)
s = (x * x).sum()
s.backward()
print(x.grad)
s.backward()
