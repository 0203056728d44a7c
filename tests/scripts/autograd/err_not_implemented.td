import torch

# Issue 16: an op with no derivative row fails in backward, as PyTorch's NotImplemented node.
x = torch.tensor([1.0, 5.0], requires_grad=True)
y = x // 2
print(y.requires_grad)
y.sum().backward()
