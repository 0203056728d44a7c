import torch
print([torch.tensor(1), torch.tensor([1.5, 2.0])])
print({"a": torch.zeros(2, dtype=torch.int32)})
print((torch.tensor(True),))
print(str(torch.tensor([1, 2])), repr(torch.tensor([1.5])), f"{torch.tensor(3)}")
