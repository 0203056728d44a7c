import torch
# clone() and the *_like factories keep a dense input's strides
# (memory_format=torch.preserve_format); other inputs get dense strides in
# the input's dimension order.
x = torch.arange(24.).reshape(2, 3, 4)
cases = [
    x.reshape(2, 12).t(),
    x.permute(2, 0, 1),
    x[:, :, ::2],
    x[:, :, ::2].permute(2, 0, 1),
    x.reshape(4, 6).t()[::2],
    x.reshape(4, 6)[1:],
    x.reshape(4, 6)[1:].t(),
    torch.ones(3, 1).expand(3, 4),
    torch.ones(1, 3).expand(4, 3).t(),
    torch.ones(3, 1, 4).permute(1, 2, 0),
    torch.ones(0, 3).t(),
    x[1],
    x.transpose(0, 2)[::2],
    torch.ones(2, 2, 2).expand(3, 2, 2, 2).permute(3, 1, 0, 2),
]
for t in cases:
    c = t.clone()
    print(tuple(t.shape), t.stride(), c.stride(), c.storage_offset(), c.is_contiguous(), torch.equal(c, t))
    print("  like:", torch.zeros_like(t).stride(), torch.ones_like(t).stride(), torch.empty_like(t).stride(),
          torch.full_like(t, 7).stride(), torch.rand_like(t).stride(), torch.randn_like(t).stride(),
          torch.zeros_like(t, dtype=torch.int64).stride())
    print("  contiguous:", t.clone(memory_format=torch.contiguous_format).stride(),
          torch.zeros_like(t, memory_format=torch.contiguous_format).stride(),
          t.clone(memory_format=torch.preserve_format).stride())
print(x.reshape(2, 2, 6)[0].t().clone().stride())
a = torch.arange(4).reshape(2, 2).t()
print(a.clone().stride(), a.clone(), torch.ones_like(a), torch.full_like(a, 3).tolist())
print(torch.preserve_format, torch.contiguous_format)
print([torch.preserve_format])
print(torch.preserve_format == torch.preserve_format, torch.preserve_format == torch.contiguous_format)
# The clone is a copy: writing it leaves the input alone.
b = x.permute(2, 0, 1)
c = b.clone()
c.add_(100)
print(x[0, 0], c[:, 0, 0])
# Values of a preserved clone read in logical order.
print((c + 1)[:, 0, 0], c.reshape(-1)[:5], c.tolist()[1][1])
