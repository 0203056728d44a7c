# x.new_zeros and its siblings: the factories with x's dtype (checked against PyTorch 2.15).
import torch
x = torch.arange(6, dtype=torch.float64).reshape(2, 3)
i = torch.tensor([1, 2])
print(x.new_zeros(2, 3), x.new_zeros((2,)), x.new_zeros([1, 2], dtype=torch.int32))
print(x.new_ones(3), i.new_ones(2, 2), i.new_ones(2, dtype=None))
print(x.new_full((2, 2), 7), i.new_full((3,), 5), x.new_full([2], 1.5, dtype=torch.float32))
print(x.new_empty(2, 3).shape, x.new_empty((0,)).dtype)
z = x.new_zeros(3, requires_grad=True)
print(z.requires_grad, z.is_leaf, z.dtype)
print(x.new_zeros(()).shape)
from torch.func import vmap
print(vmap(lambda t: t.new_zeros(2) + t[:2])(x))
try:
    x.new_zeros(2, "a")
except TypeError as e:
    print("TypeError")
f = torch.compile(lambda t: t.new_ones(t.shape[0]) * t.sum())
print(f(x), f(i))
x = torch.arange(3, dtype=torch.float64)
i = torch.tensor([1, 2])
print(x.new_tensor([1, 2]), i.new_tensor([1.7, 2.2]), x.new_tensor(3), x.new_tensor([[1], [2]], dtype=torch.int32))
t = x.new_tensor([1.0, 2.0], requires_grad=True)
print(t.requires_grad, t.is_leaf, t.dtype)
try:
    x.new_tensor()
except TypeError as e:
    print("TypeError")
try:
    x.new_tensor([1], bogus=1)
except TypeError as e:
    print("TypeError")
