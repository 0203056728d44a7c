import torch
# Issue 10 item 20 (overlap): PyTorch's assert_no_overlap rejects an index that is self, in compiled code too.
torch.compile(lambda x: x.scatter_(0, x, 5))(torch.arange(6))
