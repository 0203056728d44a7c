# Metadata changes and writes compiled code cannot express break the graph
# at the op (resize_, a write through view(dtype), an in-place view op on an
# input); results stay those of eager mode.
import torch


def bits_write(x):
    y = x * 1
    y.view(torch.int32).bitwise_and_(-65536)
    return y + 0


def resized(x):
    y = x + 1
    y.resize_(2, 2)
    return y * 2


def input_swap(x):
    x.swapdims_(0, 1)
    x.unsqueeze_(0)
    return x.sum(2)


def nested(x):
    y = x.clone()
    y.t_()
    z = y[1:]
    z.squeeze_()
    z.mul_(-1)
    return y, z


for name, fn in [("bits_write", bits_write), ("resized", resized), ("input_swap", input_swap), ("nested", nested)]:
    for f in (fn, torch.compile(fn)):
        x = torch.tensor([[1.1, 2.2, 3.3], [4.4, 5.5, 6.6]])
        print(name, f(x), x.shape)
