# nan_to_num / nan_to_num_ (checked against PyTorch 2.15): NaN, +inf and -inf
# replaced (defaults 0 and the dtype's largest and lowest finite values),
# integer and bool tensors copied unchanged, 0-dim, empty and
# non-contiguous tensors, in-place writes through views, argument errors,
# and a compiled function using both (its results equal eager's).
import torch

def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0])

nan, inf = float("nan"), float("inf")
t = torch.tensor([1.5, inf, -inf, nan, -2.0, 0.0])
print(torch.nan_to_num(t), t.nan_to_num(1.0, 2.0, -2.0), t.nan_to_num(nan=-1))
print(t.nan_to_num(posinf=7), t.nan_to_num(neginf=-7.5), t.nan_to_num(nan=True))
print(t.double().nan_to_num(), t.double().nan_to_num(posinf=1e300))
# Replacements are cast to the dtype: 1e40 is inf in float32.
print(t.nan_to_num(posinf=1e40, neginf=-1e40), t.nan_to_num(nan=inf), t.nan_to_num(posinf=nan))
print(t.nan_to_num(nan=3.4028235e38 * 1.0000001), t, t.dtype)

# Integer and bool tensors: a copy of self, whatever the replacements.
for dt in [torch.int32, torch.int64, torch.bool]:
    a = torch.tensor([0, 1, 2], dtype=dt)
    b = a.nan_to_num(nan=5.0, posinf=1.0)
    print(b, b.dtype, b.data_ptr() == a.data_ptr(), a.nan_to_num_(3.0) is a)

# 0-dim, empty, non-contiguous (the result keeps self's layout).
print(torch.tensor(nan).nan_to_num(), torch.tensor(-inf, dtype=torch.float64).nan_to_num(), torch.zeros(0, 2).nan_to_num())
m = torch.tensor([[nan, 1.0, inf], [2.0, -inf, nan]])
r = m.t().nan_to_num(9.0)
print(r, r.stride())
r = m[:, ::2].nan_to_num(-1.0)
print(r, r.stride())
print(torch.arange(6).reshape(2, 3).t().nan_to_num().stride())

# In place: returns self; through views it writes the base.
y = m.clone()
print(y.nan_to_num_() is y, y)
y = m.clone()
y[0].nan_to_num_(nan=100.0)
y[:, 2:].nan_to_num_(posinf=-3.0)
print(y)
y = m.clone()
torch.nan_to_num_(y.t(), 0.5, 1.5, -1.5)
print(y)
print(torch.nan_to_num(m, 4.0, out=torch.empty(2, 3)))

attempt(lambda: torch.tensor([nan]).expand(3).nan_to_num_())
attempt(lambda: torch.tensor([nan]).expand(3).nan_to_num())
attempt(lambda: t.nan_to_num(nan="a"))
attempt(lambda: t.nan_to_num(0.0, 1.0, 2.0, 3.0))
attempt(lambda: t.nan_to_num(bogus=1.0))
attempt(lambda: torch.nan_to_num([1.0]))

# A compiled function: functional and in-place forms, a write into an input
# through a view, replacements from Python numbers.
def clean(a, k):
    b = a.nan_to_num(0.0, k, -k)
    c = a * 2
    c.nan_to_num_(posinf=1.0)
    a[1].nan_to_num_(nan=-1.0)
    return b + 1, c, torch.nan_to_num(b.sum() / a)

f = torch.compile(clean)
a1, a2 = m.clone(), m.clone()
got, want = f(a1, 10.0), clean(a2, 10.0)
print(got, a1)
print(all(torch.equal(g, w) for g, w in zip(got, want)), torch.equal(a1.nan_to_num(), a2.nan_to_num()))
a1, a2 = m.double(), m.double()
print(all(torch.equal(g, w) for g, w in zip(f(a1, 3.0), clean(a2, 3.0))), torch.equal(a1.nan_to_num(), a2.nan_to_num()))
