# In-place view ops change the metadata of the tensor they are called on
# (and return it); compiled code records the view and rebinds the tensor.
import torch


def fresh(x):
    y = x * 2
    r = y.t_()
    y.add_(1)
    z = y.unsqueeze_(0)
    return y, r is y, z is y, y.shape, y.stride()


def writes_after(x):
    b = x.clone()
    row = b[0]
    b.transpose_(0, 1)
    b[1].fill_(-1)
    b.swapdims_(0, 1)
    b.squeeze_()
    return b, row, b.shape


def squeeze_dims(x):
    y = x.clone().unsqueeze(0).unsqueeze(2)
    y.squeeze_(0)
    a = y.shape
    y.squeeze_()
    return y, a, y.shape


def strided(x):
    y = x.clone()
    y.as_strided_((2, 2), (1, 3), 1)
    y.mul_(10)
    return y, y.stride(), y.storage_offset()


def on_input(x):
    x.t_()
    return x + 1


for name, fn in [("fresh", fresh), ("writes_after", writes_after), ("squeeze_dims", squeeze_dims), ("strided", strided)]:
    for mode, f in [("eager", fn), ("compiled", torch.compile(fn))]:
        x = torch.arange(6.0).reshape(2, 3)
        print(name, mode, f(x), x)

for mode, f in [("eager", on_input), ("compiled", torch.compile(on_input))]:
    x = torch.arange(6.0).reshape(2, 3)
    out = f(x)
    print(mode, out, x.shape, x.stride())
    out = f(x)
    print(mode, out, x.shape, x.stride())
