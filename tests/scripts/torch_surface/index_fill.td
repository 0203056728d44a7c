# index_fill / index_fill_ (checked against PyTorch 2.15): Python-number and
# 0-dim tensor values, every dtype, negative dims and indices, 0-dim and
# empty tensors, non-contiguous inputs, in-place writes through views, and a
# compiled function using both (its results equal eager's).
import torch

x = torch.arange(12, dtype=torch.float32).reshape(3, 4)
i = torch.tensor([0, 2])
print(x.index_fill(1, i, -1), torch.index_fill(x, 0, i, 2.5))
print(x.index_fill(-1, torch.tensor([-1, 1]), 7), x.index_fill(-2, torch.tensor(1), 9))
print(x.index_fill(1, i, torch.tensor(5.0)), x.index_fill(0, i, torch.tensor(3, dtype=torch.int64)))
print(x.index_fill(0, i, torch.tensor(1.25, dtype=torch.float64)), x.index_fill(0, i, torch.tensor(True)))
print(x.index_fill(dim=1, index=i, value=0), x.index_fill(1, i, value=torch.tensor(-2.0)))
print(x.index_fill(1, torch.tensor([3, 3, 0]), float("nan")), x.index_fill(1, i, float("inf")))

# Every dtype: the value converted to self's dtype (floats truncate for
# integers, anything nonzero is True for bool).
for dt in [torch.float32, torch.float64, torch.int32, torch.int64, torch.bool]:
    t = torch.tensor([[0, 1, 2], [3, 4, 5]], dtype=dt)
    print(dt, t.index_fill(1, torch.tensor([0, 2]), 2.75), t.index_fill(0, torch.tensor([1]), True))
    print(t.index_fill(1, torch.tensor([1]), torch.tensor(-3.5)), t.index_fill(1, torch.tensor([1]), 0).dtype)

# 0-dim self (dim 0 or -1, index 0), 0-dim index, empty index, empty self.
s = torch.tensor(3.0)
print(s.index_fill(0, torch.tensor([0]), 1), s.index_fill(-1, torch.tensor(0), 2), s.index_fill(0, torch.tensor([-1]), 4))
print(x.index_fill(0, torch.tensor([], dtype=torch.int64), 1))
print(torch.zeros(0, 3).index_fill(1, i, 1), torch.zeros(2, 0).index_fill(0, torch.tensor([1]), 1).shape)

# Non-contiguous inputs: the result keeps self's layout (clone(preserve_format)).
t = x.t()
r = t.index_fill(0, torch.tensor([1]), 0)
print(r, r.stride(), r.is_contiguous())
sl = x[:, ::2]
r = sl.index_fill(1, torch.tensor([1]), -5)
print(r, r.stride())
print(x[1:, 1:3].index_fill(0, torch.tensor([0]), 8))

# In place: returns self; through a view it writes the base.
y = x.clone()
print(y.index_fill_(1, i, -1) is y, y)
y = x.clone()
y.t().index_fill_(0, torch.tensor([3]), 100)
print(y)
y = x.clone()
y[1].index_fill_(0, torch.tensor([0, -1]), torch.tensor(50.0))
y[:, 1:3].index_fill_(1, torch.tensor([0]), 60)
print(y)
z = torch.zeros(2, 3, dtype=torch.int32)
z[:, ::2].index_fill_(1, torch.tensor([1]), 7)
print(z)

# A compiled function: functional and in-place forms, a write into an input
# through a view, a tensor value computed in the graph.
def fill(a, idx):
    b = a.index_fill(1, idx, -1.0)
    c = a.clone()
    c.index_fill_(0, idx, 2.0)
    a[0].index_fill_(0, idx, a.sum())
    return b, c, b.index_fill(-1, idx[:1], a.mean()) * 2

f = torch.compile(fill)
a1, a2 = x.clone(), x.clone()
got, want = f(a1, i), fill(a2, i)
print(got, a1)
print(all(torch.equal(g, w) for g, w in zip(got, want)), torch.equal(a1, a2))
a1, a2 = x.clone(), x.clone()
idx = torch.tensor([2, 1])
print(all(torch.equal(g, w) for g, w in zip(f(a1, idx), fill(a2, idx))), torch.equal(a1, a2))
