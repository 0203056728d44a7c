import torch

# Note [Metadata reads]: what Python code reads from a tensor that never
# reaches an op (or does) is guarded: sizes, dtype, strides, contiguity,
# storage offset, len().
@torch.compile
def ones_like_len(x):
    return torch.ones(x.shape[0])
print(ones_like_len(torch.zeros(2)).tolist(), ones_like_len(torch.zeros(3)).tolist())

@torch.compile
def by_dtype(y, x):
    if x.dtype == torch.float32:
        return y + 1
    return y - 1
print(by_dtype(torch.zeros(2), torch.zeros(1)).tolist(), by_dtype(torch.zeros(2), torch.zeros(1, dtype=torch.float64)).tolist())

@torch.compile
def by_stride(y, x):
    return y * x.stride(0)
base = torch.ones(4, 2)
print(by_stride(torch.ones(2), base[:, 0]).tolist(), by_stride(torch.ones(2), base[0]).tolist())

@torch.compile
def by_contiguity(y, x):
    if x.is_contiguous():
        return y + 1
    return y - 1
print(by_contiguity(torch.zeros(2), base[:, 0]).tolist(), by_contiguity(torch.zeros(2), torch.ones(4)).tolist())

@torch.compile
def by_offset(x):
    return x + x.storage_offset()
z = torch.zeros(5)
print(by_offset(z[1:3]).tolist(), by_offset(z[2:4]).tolist(), by_offset(z[2:4]).tolist())

@torch.compile
def by_view_offset(x):
    return x[1:] + x[1:].storage_offset()
print(by_view_offset(z[0:3]).tolist(), by_view_offset(z[1:4]).tolist())

@torch.compile
def by_len(y, x):
    return y + len(x)
print(by_len(torch.zeros(1), torch.zeros(2)).tolist(), by_len(torch.zeros(1), torch.zeros(3)).tolist())

@torch.compile
def by_ndim(y, x):
    return y + x.dim() + x.ndim
print(by_ndim(torch.zeros(1), torch.zeros(2)).tolist(), by_ndim(torch.zeros(1), torch.zeros(2, 2)).tolist())

G = torch.zeros(2)
@torch.compile
def by_global(x):
    return x + G.shape[0]
print(by_global(torch.zeros(3)).tolist())
G = torch.zeros(5)
print(by_global(torch.zeros(3)).tolist())

@torch.compile
def size_only(x):
    return x.shape[0] * 2
print(size_only(torch.zeros(2)), size_only(torch.zeros(7)), size_only(torch.zeros(7)))

@torch.compile
def unpacked(x):
    a, b = x
    return 1
print(unpacked(torch.zeros(2)))

@torch.compile
def not_a_tensor(x, y):
    return y + 1
print(not_a_tensor(torch.zeros(1), torch.zeros(1)).tolist(), not_a_tensor(3, torch.zeros(1)).tolist())

@torch.compile
def type_of(x):
    return isinstance(x, int)
print(type_of(torch.zeros(1)), type_of(5))
