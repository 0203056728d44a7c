import torch
x = torch.tensor([[4.0, -1.0, 2.5, 0.0], [1.0, 1.0, -3.0, 8.0]])
print(x.sort(1), x.argsort(0, descending=True), x.topk(2, largest=False))
print(x.cumsum(1), x.cumprod(0), torch.diff(x, dim=1), x.median(), x.median(0))
print(x.roll(1, 1), x.flip(1), x.triu(), x.tril(1), x.repeat(1, 2))
