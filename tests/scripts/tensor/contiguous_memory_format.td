import torch
# contiguous(memory_format=torch.contiguous_format) is contiguous(); a
# contiguous tensor is returned itself, even for preserve_format.
x = torch.arange(6.).reshape(2, 3)
t = x.t()
c = t.contiguous(memory_format=torch.contiguous_format)
print(c, c.stride(), c.data_ptr() == t.data_ptr(), torch.equal(c, t))
print(x.contiguous(memory_format=torch.contiguous_format).data_ptr() == x.data_ptr())
print(x.contiguous(memory_format=torch.preserve_format).data_ptr() == x.data_ptr())
print(t.contiguous().stride(), t[:, ::2].contiguous(memory_format=torch.contiguous_format).stride())
