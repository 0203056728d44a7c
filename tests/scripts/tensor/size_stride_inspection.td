import torch
x = torch.zeros(2, 3, 4)
print(x.shape, x.size(), x.size(1), x.size(-1), x.dim(), x.numel(), len(x))
print(x.stride(), x.stride(0), x.transpose(0, 2).stride(), x.is_contiguous(), x.transpose(0, 2).is_contiguous())
print(x[1].storage_offset(), x[:, 1].storage_offset(), x[1, 2, 3].storage_offset())
