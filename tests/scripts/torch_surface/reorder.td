# roll, flip, fliplr, flipud, repeat, triu, tril (and in-place): eager and compiled.
import torch

x = torch.arange(12).reshape(3, 4)
print(torch.roll(x, 1), x.roll(-1, 0), torch.roll(x, (1, 2), (0, 1)), x.roll(shifts=5, dims=1))
print(torch.flip(x, [0]), x.flip(0, 1), torch.fliplr(x), torch.flipud(x))
print(x.repeat(2, 1), torch.tensor([1, 2]).repeat(2, 2), torch.tensor(3.0).repeat(2))
print(torch.triu(x), x.triu(1), torch.tril(x), x.tril(-1), torch.triu(torch.ones(2, 3, 3), diagonal=1))
m = torch.ones(3, 3)
m.triu_()
print(m)
m.tril_(diagonal=-1)
print(m)
print(torch.roll(x.t(), 1, 0), torch.flip(x.t(), [1]))

def mix(a):
    b = torch.roll(a, 1, 1).flip(0)
    c = a.clone()
    c.tril_()
    a.t().triu_()          # writes a through a transposed view
    return b + c, a.repeat(1, 2)

f = torch.compile(mix)
a = torch.arange(9.0).reshape(3, 3)
print(f(a), a)
a = torch.arange(9.0).reshape(3, 3) + 1
print(f(a), a)
