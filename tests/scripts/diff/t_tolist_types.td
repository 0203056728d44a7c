import torch
print(torch.tensor([1.5]).tolist(), torch.tensor([1]).tolist(), torch.tensor([True]).tolist(), torch.tensor(2.5).tolist(), torch.zeros(2, 0).tolist())
print(torch.tensor([0.1], dtype=torch.float32).tolist(), torch.tensor([0.1], dtype=torch.float64).tolist())
