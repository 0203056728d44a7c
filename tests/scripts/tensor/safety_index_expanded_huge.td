import torch
# The result of indexing with a huge expanded index is refused before its indices are checked one by one.
x = torch.zeros(3)
print(x[torch.tensor([0]).expand(2**62)])
