import torch
print(torch.tensor([1, 2, 3]), torch.tensor([1.0, 2.0]), torch.tensor([True, False]), torch.tensor(3.5), torch.tensor(7))
print(torch.zeros(2, 3), torch.ones(3, dtype=torch.int64), torch.full((2, 2), 7), torch.full((2,), 1.5))
print(torch.arange(5), torch.arange(1, 4), torch.arange(0, 1, 0.25), torch.arange(5.0), torch.arange(10, 0, -3))
print(torch.linspace(0, 1, 5), torch.linspace(-1, 1, 3, dtype=torch.float64), torch.eye(3), torch.eye(2, 3))
print(torch.zeros_like(torch.ones(2, dtype=torch.int32)), torch.ones_like(torch.zeros(2)), torch.full_like(torch.zeros(3), 2))
print(torch.empty(0), torch.zeros(0, 3), torch.tensor([]), torch.tensor([[]]), torch.zeros(2, 0).shape)
