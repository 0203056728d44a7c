# index_fill's argument errors: PyTorch 2.15's exception types and messages,
# eagerly and inside a compiled function, where PyTorch's eager output is
# expected (its inductor kernels skip the index dtype check and word the
# range error their own way).
import torch

def attempt(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0])

x = torch.arange(6.0).reshape(2, 3)
i = torch.tensor([0, 2])
attempt(lambda: x.index_fill(1, torch.tensor([0, 2], dtype=torch.int32), 1))
attempt(lambda: x.index_fill(1, torch.tensor([0.0]), 1))
attempt(lambda: x.index_fill(1, torch.tensor([True]), 1))
attempt(lambda: x.index_fill(1, torch.tensor([[0, 1]]), 1))
attempt(lambda: x.index_fill(1, torch.tensor([3]), 1))
attempt(lambda: x.index_fill(1, torch.tensor([0, -4]), 1))
attempt(lambda: x.index_fill(-2, torch.tensor([2]), 1))
attempt(lambda: x.index_fill(2, i, 1))
attempt(lambda: x.index_fill(-3, i, 1))
attempt(lambda: x.index_fill(1, i, torch.tensor([1.0])))
attempt(lambda: x.index_fill(1, i, torch.ones(2, 2)))
attempt(lambda: x.index_fill(1, i, 1e40))
attempt(lambda: x.int().index_fill(1, i, 2**40))
attempt(lambda: x.long().index_fill(1, i, float("nan")))
attempt(lambda: x.int().index_fill(1, i, torch.tensor(1e20)))
attempt(lambda: torch.tensor(1.0).index_fill(1, torch.tensor([0]), 1))
attempt(lambda: torch.tensor(1.0).index_fill(0, torch.tensor([1]), 1))
# The value tensor's check comes first, then the index dtype, then dim.
attempt(lambda: x.index_fill(5, torch.tensor([0.0]), torch.ones(2)))
attempt(lambda: x.index_fill(5, torch.tensor([0.0]), 1))
attempt(lambda: x.index_fill(5, torch.tensor([[0]]), 1))
attempt(lambda: x.clone().index_fill_(1, torch.tensor([0, 1, 7]), -1))
# The index may not share memory with the tensor it fills.
z = torch.tensor([0, 1, 2])
attempt(lambda: z.index_fill_(0, z, 5))
attempt(lambda: z.index_fill_(0, z[1:], 5))
# Calls that bind no signature.
attempt(lambda: x.index_fill(1, i, "a"))
attempt(lambda: x.index_fill(1, i))
attempt(lambda: x.index_fill(1.5, i, 1))
attempt(lambda: x.index_fill(1, [0, 2], 1))
attempt(lambda: x.index_fill_(1, i))

f = torch.compile(lambda a, idx: a.index_fill(0, idx, 1.0) + 1)
print(f(x, torch.tensor([1])))
attempt(lambda: f(x, torch.tensor([2])))
attempt(lambda: f(x, torch.tensor([1], dtype=torch.int32)))
print(f(x, torch.tensor([-2])))
