import torch
# Issue 10 item 20 (overlap): PyTorch's assert_no_overlap rejects an index that overlaps self.
x = torch.arange(6); x.index_put_((x[:3],), x[:3].clone())
