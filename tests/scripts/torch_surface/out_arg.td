# out= keyword arguments (Note [out= arguments]): resize-if-needed, dtype rules, eager and compiled.
import torch

x = torch.tensor([1.0, 2.0, 3.0])
r = torch.empty(0)
print(torch.add(x, x, out=r), r)
d = torch.zeros(3, dtype=torch.float64)
print(torch.mul(x, 2, out=d) is d, d)
v = torch.empty(0)
i = torch.empty(0, dtype=torch.long)
s = torch.sort(torch.tensor([3.0, 1.0, 2.0]), out=(v, i))
print(s.values is v, s.indices is i, v, i)
print(torch.arange(4, out=torch.empty(0)), torch.zeros(2, 2, out=torch.empty(0)))
m = torch.empty(2, 2)
print(torch.mm(torch.eye(2), torch.ones(2, 2), out=m), m)
print(torch.cumsum(x, 0, out=torch.empty(3)), torch.sum(torch.ones(2, 2), 0, out=torch.empty(2)))
print(torch.softmax(x, 0, out=torch.empty(0)) if False else torch.exp(x, out=torch.empty(3)))

def scaled(a, out):
    torch.mul(a, 3, out=out)
    torch.sqrt(out, out=out)
    return out + 1

f = torch.compile(scaled)
o = torch.zeros(3)
print(f(x, o), o)
o = torch.empty(0)
print(f(x, o), o)
