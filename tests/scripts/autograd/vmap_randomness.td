import torch
from torch.func import vmap

# Issue 16: vmap's randomness= (Note [vmap by samples]): 'same' gives every
# sample the same draw, 'different' draws for each sample in turn, as PyTorch
# draws one batched tensor; either way the generator moves on as PyTorch's does.
x = torch.zeros(3, 4)
torch.manual_seed(0)
print(vmap(lambda a: a + torch.rand(4), randomness="same")(x))
print(torch.rand(2))
torch.manual_seed(0)
print(vmap(lambda a: a + torch.rand(4), randomness="different")(x))
print(torch.rand(2))
torch.manual_seed(0)
print(vmap(lambda a: a * 0 + 1, randomness="error")(x))
