import torch

# Issue 16: the tutorials' SGD step under `with torch.no_grad():`.
x = torch.linspace(-1.0, 1.0, 8).reshape(4, 2)
y = (x * torch.tensor([1.5, -0.5])).sum(1, keepdim=True)
w1 = torch.full((2, 3), 0.1, requires_grad=True)
w2 = torch.tensor([[0.2], [-0.3], [0.4]], requires_grad=True)
learning_rate = 0.1
for t in range(5):
    y_pred = x.mm(w1).clamp(min=0).mm(w2)
    loss = (y_pred - y).pow(2).sum()
    print(t, f"{loss.item():.5f}")  # float32 sums may differ from PyTorch in the last bit
    loss.backward()
    with torch.no_grad():
        w1 -= learning_rate * w1.grad
        w2 -= learning_rate * w2.grad
        w1.grad = None
        w2.grad = None
    print(torch.is_grad_enabled(), w1.requires_grad, w1.is_leaf)
with torch.enable_grad():
    print(torch.is_grad_enabled())
with torch.set_grad_enabled(False):
    print(torch.is_grad_enabled(), (w1 * 2).requires_grad)
print(torch.is_grad_enabled())
print(w1)
print(w2)
