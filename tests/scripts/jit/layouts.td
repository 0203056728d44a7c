# Issue 12: fused kernels read transposed, stepped, offset, broadcast and
# 0-d operands through their strides, and lay out results as eager does.
import torch

def f(x, row, s):
    t = (x - row) * s
    return torch.maximum(t, 0.5 * s), t.abs() + 1.0

cf = torch.compile(f)
base = torch.arange(48, dtype=torch.float32) * 0.5 - 7.0
row = torch.tensor([0.25, -1.0, 2.0, 3.5])
s = torch.tensor(-1.5)
for x in [base[:24].reshape(6, 4), base[:24].reshape(4, 6).t(), base[1:49:2].reshape(6, 4), base[2:26].reshape(6, 4)[::2]]:
    a, b = cf(x, row, s)
    ea, eb = f(x, row, s)
    print(torch.equal(a, ea), torch.equal(b, eb), a.stride() == ea.stride(), b.stride() == eb.stride(), a.shape)
    print(a[-1].tolist(), b[0].tolist())
