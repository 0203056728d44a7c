import torch
xs = [torch.tensor(float(i)) for i in range(4)]
print(sum(xs), max([t.item() for t in xs]), torch.stack(xs) * 2)
s = torch.tensor(0.0)
for t in xs:
    s += t
print(s)
