import torch
x = torch.arange(6.).reshape(2, 3).t()
print(x.contiguous(memory_format=torch.contiguous_format).stride(), x.contiguous(memory_format=torch.contiguous_format))
print(x.t().contiguous(memory_format=torch.preserve_format).stride())
