import torch
# Issue 10 item 20 (overlap): PyTorch's assert_no_overlap rejects a source that is self, in compiled code too.
torch.compile(lambda x: x.index_copy_(0, torch.tensor([5, 4, 3, 2, 1, 0]), x))(torch.arange(6.))
