import torch
# Issue 10 item 20 (overlap): PyTorch's assert_no_overlap rejects an index that is self.
x = torch.arange(6); x.index_copy_(0, x, torch.zeros(6, dtype=torch.long))
