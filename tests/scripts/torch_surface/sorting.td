# sort, argsort, topk, median: eager and compiled give PyTorch's results.
import torch

x = torch.tensor([[3.0, 1.0, 2.0, 5.0], [0.5, -1.0, 4.0, 4.5]])
v, i = torch.sort(x)
print(v, i)
print(x.sort(dim=0, descending=True))
print(torch.argsort(x, dim=1, descending=True), x.argsort(0))
print(torch.sort(torch.tensor([2, 1, 2, 0, 1]), stable=True))
print(x.topk(2), torch.topk(x, 1, dim=0, largest=False))
print(torch.topk(torch.tensor([1.0, 5.0, 3.0, 4.0]), 3).values)
print(torch.median(x), x.median(dim=1), torch.median(torch.tensor([4, 1, 3, 2]), 0, keepdim=True))
print(torch.sort(torch.tensor([1.0, float("nan"), -2.0, 0.0])), torch.tensor(3.0).sort())
print(torch.sort(x.t(), 1).values, torch.sort(torch.zeros(0, 3), 0).values.shape)

def ranked(a, k):
    vals, idx = a.sort(descending=True)
    top = torch.topk(a, k)
    return vals[:, :k] + top.values, idx, a.argsort(dim=0), a.median(1).values

f = torch.compile(ranked)
for _ in range(2):
    print(f(x, 2))
print(f(x * 2, 3))
