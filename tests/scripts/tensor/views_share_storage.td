import torch
# A basic-indexing result is a view: same storage, shifted offset.
x = torch.arange(6)
y = x[2:5]
print(y.storage_offset(), y.data_ptr() == x.data_ptr() + 2 * x.element_size())
y.mul_(10)
print(x.tolist())
r = x.view(2, 3)[1]
r.fill_(-1)
print(x.tolist(), r.stride(), r.storage_offset())
