import torch
x = torch.tensor([[1, 2], [3, 4]])
for row in x:
    print(row.tolist())
print(bool(torch.tensor([0.0])), bool(torch.tensor(2)))
if x.sum() > 5:
    print("big")
bool(x)
