import torch
src = torch.tensor([[1, 2], [3, 4]])
print(torch.gather(src, 1, torch.tensor([[0, 0], [1, 0]])).tolist())
z = torch.zeros(2, 3, dtype=torch.int64)
z.scatter_(1, torch.tensor([[2, 0], [1, 2]]), src)
print(z.tolist())
print(torch.zeros(3).scatter(0, torch.tensor([1]), 5.0).tolist())
w = torch.zeros(4).index_put((torch.tensor([1, 1, 3]),), torch.tensor([1.0, 2.0, 3.0]), accumulate=True)
print(w.tolist())
