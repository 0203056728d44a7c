import torch
x = torch.arange(60.).reshape(3, 4, 5)
for v in [x.permute(2, 0, 1), x[:, ::2], x.transpose(0, 2)[1:], x[:, :1].expand(3, 4, 5)]:
    print((v + 1).stride(), (v * v).stride(), v.exp().stride(), (v > 3).stride(), v.long().stride(),
          torch.where(v > 3, v, 0.).stride(), (v + x).stride(), (x + v).stride(), v.clamp(0, 9).stride())
