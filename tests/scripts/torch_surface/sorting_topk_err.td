# topk with k past the dim's size: PyTorch's error.
import torch
x = torch.ones(3)
print(torch.topk(x, 3).values)
torch.topk(x, 4)
