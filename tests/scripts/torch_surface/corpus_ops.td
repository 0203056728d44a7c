# The ops the public corpus programs needed (issue 15): logspace, addmm, addmv,
# cross, kthvalue, mode, einsum, against PyTorch 1.13, eager and compiled.
import torch

print(torch.logspace(0, 2, 5, dtype=torch.int64), torch.logspace(-1, 1, 7), torch.logspace(0, 3, 4, base=2))
print(torch.logspace(0, 1, 1), torch.logspace(0, 1, 0), torch.logspace(2, 0, 5, base=3, dtype=torch.int32))
print(torch.logspace(0, 10, 11, dtype=torch.float64))

print(torch.addmm(torch.ones(3), torch.ones(2, 4), torch.ones(4, 3), beta=0.5, alpha=2))
ones = torch.ones(2, 4, dtype=torch.int64)
print(torch.addmm(torch.ones(2, 3, dtype=torch.int64), ones, torch.ones(4, 3, dtype=torch.int64), beta=2, alpha=3))
print(torch.addmm(torch.tensor(float('nan')), torch.ones(2, 5), torch.ones(5, 2), beta=0))
strided = torch.arange(12.).reshape(4, 3).t().contiguous().t()
print(torch.arange(6.).reshape(2, 3).addmm(torch.arange(8.).reshape(2, 4), strided))
print(torch.addmm(torch.zeros(2, 2, dtype=torch.float64), torch.ones(2, 0, dtype=torch.float64), torch.ones(0, 2, dtype=torch.float64), beta=3))
print(torch.addmv(torch.tensor(1.), torch.ones(2, 5), torch.ones(5)))
print(torch.arange(3.).addmv(torch.arange(6.).reshape(3, 2), torch.tensor([1., -1.]), alpha=2))
print(torch.addmv(torch.ones(2, dtype=torch.int32), torch.ones(2, 3, dtype=torch.int32), torch.arange(3, dtype=torch.int32), beta=-1))

print(torch.cross(torch.tensor([[1., 2, 3], [4, 5, 6]]), torch.tensor([[7., 8, 9]])))
print(torch.tensor([[1, 2, 3], [4, 5, 6]]).cross(torch.tensor([[7, 8, 9], [1, 0, 2]]), dim=1))
print(torch.cross(torch.ones(3, 4), torch.arange(12.).reshape(3, 4)))
print(torch.cross(torch.ones(2, 3), torch.ones(2, 3) * 2, -1))

print(torch.kthvalue(torch.tensor([[3., 1, 2], [9, 8, 7]]), 2, 0, True))
print(torch.tensor([3., 1, float('nan'), 2]).kthvalue(4), torch.kthvalue(torch.tensor(5.), 1))
print(torch.tensor([[5., 1, 4], [2, 2, 9]]).kthvalue(2, keepdim=True))
print(torch.tensor([3, 1, 3, 1]).mode(), torch.tensor([[1, 1, 2], [3, 2, 2]]).mode(0), torch.mode(torch.tensor(5.)))
print(torch.mode(torch.tensor([True, False, True])), torch.tensor([[2., 2, 1], [0, 1, 1]]).mode(1, True))

# Ties: kthvalue's index comes from PyTorch's quickselect, mode's from its std::sort.
torch.manual_seed(0)
for n in [5, 16, 17, 40, 100]:
    x = torch.randint(0, 4, (3, n))
    for k in [1, n // 2, n]:
        v, i = x.kthvalue(k, 1)
        print(n, k, v.tolist(), i.tolist())
    v, i = x.mode(1)
    print(n, "mode", v.tolist(), i.tolist())

a = torch.arange(6.).reshape(2, 3)
print(torch.einsum('ij,jk->ik', a, torch.arange(12.).reshape(3, 4)), torch.einsum('ij,jk', [a, torch.ones(3, 4)]))
print(torch.einsum('ii', torch.arange(9).reshape(3, 3)), torch.einsum('ii->i', torch.arange(9).reshape(3, 3)))
print(torch.einsum('ij->ji', torch.arange(6).reshape(2, 3)), torch.einsum('i,j->ij', torch.arange(3.), torch.arange(4.)))
print(torch.einsum('bij,bjk->bik', torch.arange(12.).reshape(2, 2, 3), torch.arange(12.).reshape(2, 3, 2)))
print(torch.einsum('Ab,bA', a, a.t()), torch.einsum('bA', a.t()), torch.einsum('i j , j', torch.ones(2, 3), torch.ones(1)))
print(torch.einsum('ij,ij,ij->i', a, a, a), torch.einsum('ij->', a), torch.einsum('i,i', torch.zeros(0), torch.zeros(0)))

def step(a, b, c, m, v):
    return (torch.addmm(c, a, b, beta=0.5), torch.addmv(v, m, v, alpha=2), torch.cross(a[:, :3], b.t()[:2, :3]),
            torch.einsum('ij,jk->ik', a, b), a.kthvalue(2), a.mode(0), torch.logspace(0, 1, 3) * a.sum())

f = torch.compile(step)
args = (torch.arange(8.).reshape(2, 4), torch.arange(12.).reshape(4, 3), torch.ones(3), torch.ones(3, 3), torch.arange(3.))
print(f(*args))
print(f(*[t * 2 for t in args]))
