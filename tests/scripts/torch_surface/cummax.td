# cummax / cummin (checked against PyTorch 2.15): named (values, indices)
# tuples, every dtype, NaN (once seen it is the extremum, each later NaN
# taking the index), ties (the last index), negative dims, 0-dim, empty and
# non-contiguous tensors, argument errors, and a compiled function using
# both (its results equal eager's).
import torch

def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0])

x = torch.tensor([[3.0, 1.0, 4.0, 1.0, 5.0], [9.0, 2.0, 6.0, 5.0, 3.0]])
r = torch.cummax(x, 1)
print(r)
print(type(r), isinstance(r, tuple), r.values, r.indices, r[0].dtype, r[1].dtype, len(r))
v, i = x.cummin(dim=-1)
print(v, i)
print(x.cummax(0), torch.cummin(x, -2))

nan = float("nan")
n = torch.tensor([1.0, 3.0, nan, 2.0, nan, 5.0, 3.0])
print(n.cummax(0), n.cummin(0))
print(torch.tensor([nan, 1.0, nan]).cummax(0).indices, torch.tensor([2.0, nan]).cummin(0).indices)
ties = torch.tensor([2.0, 2.0, 1.0, 2.0, 1.0, 1.0])
print(ties.cummax(0).indices, ties.cummin(0).indices)
inf = float("inf")
print(torch.tensor([-inf, inf, 0.0, inf]).cummax(0), torch.tensor([0.0, -0.0, 0.0]).cummin(0).indices)

for dt in [torch.float32, torch.float64, torch.int32, torch.int64, torch.bool]:
    t = torch.tensor([[0, 3, 1, 3], [2, 0, 2, 1]], dtype=dt)
    print(dt, t.cummax(1).values, t.cummax(1).indices, t.cummin(0).values, t.cummin(0).indices)

# 0-dim (dim 0 or -1), empty and non-contiguous tensors (the results are
# contiguous).
print(torch.tensor(3.5).cummax(0), torch.tensor(7).cummin(-1))
print(torch.zeros(0).cummax(0), torch.zeros(2, 0).cummin(1).values.shape, torch.zeros(0, 3).cummax(1).indices.shape)
t = x.t()
r = t.cummax(0)
print(r.values, r.indices, r.values.stride(), r.indices.stride())
r = x[:, ::2].cummin(1)
print(r.values, r.indices, r.values.stride())
b = torch.arange(24.0).reshape(2, 3, 4).sin()
print(b.cummax(1).indices, b.permute(2, 0, 1).cummin(-1).indices)
vo, io = torch.empty(2, 5), torch.empty(2, 5, dtype=torch.int64)
torch.cummax(x, 1, out=(vo, io))
print(vo, io)

attempt(lambda: x.cummax(2))
attempt(lambda: x.cummin(-3))
attempt(lambda: torch.tensor(1.0).cummax(1))
attempt(lambda: torch.tensor(1.0).cummin(-2))
attempt(lambda: torch.zeros(0).cummin(1))
attempt(lambda: x.cummax())
attempt(lambda: torch.cummax(x, dim=None))
attempt(lambda: x.cummin(1.5))
attempt(lambda: x.cummin("a"))
attempt(lambda: torch.cummax(x, 0, 1))

# A compiled function: both ops, their fields, a reduction of the indices.
def running(a):
    hi, at = a.cummax(1)
    lo = torch.cummin(a, 0)
    return hi - lo.values, at + lo.indices, (a.cummax(-1).indices == at).all()

f = torch.compile(running)
print(f(x))
print(all(torch.equal(g, w) for g, w in zip(f(x), running(x))))
d = torch.tensor([[nan, 1.0], [2.0, nan], [0.0, 5.0]], dtype=torch.float64)
print(f(d))
print(all(torch.equal(g.nan_to_num(), w.nan_to_num()) for g, w in zip(f(d), running(d))))
