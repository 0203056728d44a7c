# einsum's ellipsis is valid PyTorch that tdsl does not support: it says so.
import torch
print(torch.einsum('ij->i', torch.ones(2, 3)))
torch.einsum('...j->...', torch.ones(2, 3))
