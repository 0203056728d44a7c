import torch
# Issue 10 item 20 (overlap): PyTorch's assert_no_overlap rejects a source that is self.
x = torch.arange(6.); x.index_copy_(0, torch.tensor([5, 4, 3, 2, 1, 0]), x)
