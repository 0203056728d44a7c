# The split family returns views: writes through a piece reach the base,
# in eager and compiled code alike.
import torch


def shapes(ts):
    return [tuple(t.shape) for t in ts]


def pieces(x):
    out = []
    out.append(shapes(x.split(2, 1)))
    out.append(shapes(torch.split(x, [1, 4], dim=1)))
    out.append(shapes(x.split_with_sizes([2, 3], dim=1)))
    out.append(shapes(torch.chunk(x, 3, 1)))
    out.append(shapes(x.chunk(6, dim=1)))
    out.append(shapes(x.unbind(1)))
    out.append(shapes(torch.unbind(x)))
    out.append(shapes(x.tensor_split(3, 1)))
    out.append(shapes(torch.tensor_split(x, [1, 4], dim=1)))
    out.append(shapes(x.tensor_split([4, 1, 7], dim=1)))
    out.append(shapes(x.hsplit(5)))
    out.append(shapes(torch.hsplit(x, [1, 3])))
    out.append(shapes(x.vsplit(2)))
    out.append(shapes(torch.zeros(2, 2, 4).dsplit([1])))
    out.append(shapes(torch.zeros(0).split(2)))
    out.append(shapes(torch.zeros(2, 0).chunk(3, 1)))
    return out


def write_pieces(x):
    a, b = x.split([1, 4], dim=1)
    a.mul_(10)
    top, bottom = torch.chunk(x, 2, 0)
    bottom.add_(100)
    cols = x.unbind(1)
    cols[4].zero_()
    left, right = x.tensor_split(2, dim=1)
    right[0].neg_()
    return a.sum(), b.shape, x


def write_fresh(x):
    y = x + 0
    for p in y.split(2, dim=1):
        p[0, 0] = -5
    rows = y.unbind()
    rows[0].fill_(7)
    return y, len(rows)


def read_after_write(x):
    y = x.clone()
    parts = y.split(1, 0)
    y.mul_(2)
    return parts[0] + parts[1]


for name, fn in [("pieces", pieces), ("write_pieces", write_pieces), ("write_fresh", write_fresh), ("read_after_write", read_after_write)]:
    for f in (fn, torch.compile(fn)):
        x = torch.arange(10.0).reshape(2, 5)
        print(name, f(x), x)
