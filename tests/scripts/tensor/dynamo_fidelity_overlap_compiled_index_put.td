import torch
# Issue 10 item 20 (overlap): PyTorch's assert_no_overlap rejects an index that is self, in compiled code too.
torch.compile(lambda x: x.index_put_((x,), torch.zeros(6, dtype=torch.long)))(torch.arange(6))
