import torch
x = torch.arange(60).reshape(3, 4, 5)
v = x[1:, ::2, 1::2]
print(v.shape, v.stride(), v.storage_offset(), v.is_contiguous(), v.contiguous().is_contiguous(), v.numel())
print(v)
