import torch

# Issue 16: a saved leaf changed under no_grad: the message names no producer.
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
q = x.sin()
torch.set_grad_enabled(False)
x.add_(1)
torch.set_grad_enabled(True)
q.sum().backward()
