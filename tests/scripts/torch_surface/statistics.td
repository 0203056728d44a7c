# amax/amin, logsumexp, softmax/log_softmax, std/var, norm, count_nonzero: eager and compiled.
import torch

x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 6.0, 8.0]])
print(torch.amax(x), x.amax(1), torch.amin(x, dim=0, keepdim=True), x.amax((0, 1)), torch.tensor([3, 1, 2]).amin())
print(torch.logsumexp(x, 1), x.logsumexp(dim=0, keepdim=True), torch.logsumexp(torch.tensor([1, 2]), 0))
print(torch.softmax(x, 1), x.softmax(dim=0), torch.log_softmax(x, 1), x.log_softmax(-1, dtype=torch.float64))
print(torch.softmax(torch.tensor([1000.0, 1000.0]), 0), torch.softmax(torch.tensor([1, 2]), 0, dtype=torch.float32))
print(x.std(), torch.std(x, 1), x.std(dim=0, unbiased=False), x.var(), torch.var(x, 0, keepdim=True))
print(x.var(0, correction=0), x.std(dim=1, correction=2), torch.tensor([5.0]).std())
print(x.norm(), torch.norm(x, dim=1), x.norm(p=1), x.norm(1, 0), x.norm(float("inf")), x.norm(3, 1, keepdim=True))
print(torch.count_nonzero(torch.tensor([[0, 1], [2, 0]])), torch.tensor([[0, 1], [2, 3]]).count_nonzero(0))

def normalize(a):
    p = a.softmax(-1)
    z = (a - a.mean(0)) / a.std(0)
    return p, z, a.logsumexp(1) - a.amax(1), a.norm(dim=1), a.var(1, unbiased=False)

f = torch.compile(normalize)
print(f(x))
print(f(x + 1))
