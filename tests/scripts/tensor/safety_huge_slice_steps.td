import torch
# Slice lengths never overflow: a huge step or bound keeps Python's list semantics.
x = torch.tensor([1, 2, 3])
print(x[::9223372036854775807].tolist())
print(x[1::9223372036854775807].tolist())
print(x[9223372036854775807:].tolist())
print(x[-9223372036854775807:9223372036854775807:2**62].tolist())
print(x[:-9223372036854775807].tolist())
m = torch.arange(12).view(4, 3)
print(m[::2**62].tolist())
print(m[:, ::2**62].tolist())
print(m[3:, 1:][::2**62].tolist())
f = torch.compile(lambda t: t[1::2**62] + 1)
print(f(m).tolist())
