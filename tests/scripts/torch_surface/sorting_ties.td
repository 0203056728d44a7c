# Ties come out in PyTorch 1.13's order (Note [Sort order]): std::sort, partial_sort and
# nth_element on the same (value, index) sequences, lanes longer than 16.
import torch
vals = [(i * 7919) % 13 for i in range(40)]
x = torch.tensor(vals, dtype=torch.float32)
print(x.sort().indices.tolist())
print(x.sort(descending=True).indices.tolist())
print(x.topk(5).indices.tolist(), x.topk(5, largest=False).indices.tolist())
big = torch.tensor([(i * 31) % 7 for i in range(200)], dtype=torch.float32)
print(big.topk(2).indices.tolist(), big.topk(3, largest=False).indices.tolist(), big.topk(50).indices.tolist()[:10])
print(big.argsort().tolist()[:30])
m = torch.tensor([[(i * j) % 5 for j in range(30)] for i in range(3)], dtype=torch.float32)
print(m.median(1), m.median())
