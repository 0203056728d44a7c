# cumsum, cumprod (and in-place), diff: eager and compiled.
import torch

x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
print(torch.cumsum(x, 0), x.cumsum(dim=1), x.cumsum(-1, dtype=torch.float64))
print(torch.cumprod(x, 1), torch.tensor([1, 2, 3]).cumsum(0), torch.tensor([True, True, False]).cumsum(0))
print(torch.tensor([2, 3, 4], dtype=torch.int32).cumprod(0), torch.tensor(5.0).cumsum(0))
y = x.clone()
print(y.cumsum_(0), y)
print(y.t().cumprod_(0), y)
print(torch.diff(torch.tensor([1, 4, 9, 16])), torch.diff(x), torch.diff(x, dim=0), torch.diff(x, n=2))
print(torch.diff(torch.tensor([1.0, 2.0]), prepend=torch.tensor([0.0]), append=torch.tensor([5.0, 7.0])))
print(torch.diff(torch.tensor([True, False, False, True])))

def running(a):
    b = a.cumsum(1) / a.cumprod(1)
    c = a.clone()
    c.cumsum_(0)
    d = a[0]            # a view: the in-place scan writes a through it
    d.cumsum_(0)
    return b, c, torch.diff(b, dim=1)

f = torch.compile(running)
a = x.clone()
print(f(a), a)
a = x.clone()
print(f(a), a)
