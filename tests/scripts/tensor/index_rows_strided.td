# index_select / index_copy_ / index_add_ on strided views along every dim
# (Note [Row-wise index kernels]); expected output from PyTorch 1.13.
import torch
torch.manual_seed(0)
base = torch.arange(60.).reshape(3, 4, 5)
views = [base, base.transpose(0, 2), base[:, ::2, 1:], base.permute(1, 2, 0)]
for v in views:
    for d in range(v.dim()):
        n = v.shape[d]
        idx = torch.tensor([n - 1, 0, n - 1])
        print(torch.index_select(v, d, idx).sum().item(), torch.index_select(v, d, idx).shape)
        t = v.clone()
        src = torch.index_select(v, d, idx) * 2
        t.index_add_(d, idx, src, alpha=3)
        print(t.sum().item(), t[0].tolist() if t.dim() == 2 else t.flatten()[:7].tolist())
        u = v.clone()
        src2 = torch.index_select(v, d, torch.tensor([0, 1])) + 100
        u.index_copy_(d, torch.tensor([1, 0]), src2)
        print(u.flatten().tolist()[:9], u.stride() == v.clone().stride())
x = torch.tensor(5.)
print(torch.index_select(x, 0, torch.tensor([0, 0])))
y = torch.zeros(3, dtype=torch.int64)
y.index_add_(0, torch.tensor([2, 2, 0]), torch.tensor([1, 2, 3]))
print(y)
b = torch.zeros(2, dtype=torch.bool)
b.index_add_(0, torch.tensor([1]), torch.tensor([True]))
print(b)
