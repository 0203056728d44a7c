import torch
# flatten returns self when it has nothing to flatten (start == end), as PyTorch does; a 0-dim tensor reshapes to [1].
t = torch.zeros(2, 3, 4)
print(t.flatten(1, 1) is t, t.flatten(-1, -1) is t, t.flatten(0, 2) is t, t.flatten(0, -3) is t)
v = torch.zeros(5)
print(v.flatten() is v, torch.flatten(v, 0, 0) is v)
s = torch.tensor(5.)
print(s.flatten() is s, s.flatten().shape)
def f(x):
    y = x.flatten(1, 1)
    y.add_(1)
    return y * 2, x.flatten(0, 0).shape
g = torch.compile(f)
a = torch.zeros(2, 3)
print(g(a), a)
print(g(a), a)
