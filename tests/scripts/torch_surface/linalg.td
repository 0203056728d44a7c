# mv, bmm, outer, trace: eager and compiled.
import torch

m = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
v = torch.tensor([1.0, 0.0, -1.0])
print(torch.mv(m, v), m.mv(v), torch.outer(v, torch.tensor([1.0, 2.0])), v.outer(v))
print(torch.outer(torch.tensor([1, 2]), torch.tensor([0.5])), torch.trace(torch.arange(9).reshape(3, 3)), m.trace())
b = torch.arange(12.0).reshape(2, 2, 3)
c = torch.arange(12.0).reshape(2, 3, 2)
print(torch.bmm(b, c), b.bmm(c).shape)

def project(a, w, u):
    return a.mv(u), torch.bmm(w, w.transpose(1, 2)), torch.outer(u, u).trace()

f = torch.compile(project)
print(f(m, b, v))
print(f(m * 2, b + 1, v))
