# Tensor-layer errors PyTorch raises as RuntimeError are caught by `except RuntimeError`
# (and not by `except ValueError`); the ones PyTorch raises as ValueError stay ValueError.
import torch

x = torch.ones(2, 3)


def kind(f):
    try:
        f()
        return "no error"
    except ValueError as e:
        return "ValueError: " + str(e).split("\n")[0]
    except RuntimeError as e:
        return "RuntimeError: " + str(e).split("\n")[0]


cases = [
    lambda: torch.zeros(-1), lambda: torch.empty(2, -3), lambda: torch.rand(-1), lambda: torch.tensor([2]) ** -1,
    lambda: x.masked_fill_(x > 0, torch.ones(2)),
    lambda: torch.linspace(0, 1, -1), lambda: torch.eye(-1), lambda: torch.eye(2, -1),
    lambda: torch.arange(0, 5, 0), lambda: torch.arange(0, 5, -1), lambda: x.view(-1, -1),
    lambda: x.view(-2, 3), lambda: x.view(4), lambda: x.reshape(5), lambda: x.flatten(1, 0),
    lambda: torch.ones(2, 2, 2).t(), lambda: torch.ones(2, 2, 2).t_(), lambda: x.permute(0, 0),
    lambda: x.expand(3, 3), lambda: x.diagonal(0, 0, 0), lambda: x.as_strided([2], [1, 1]),
    lambda: x.as_strided([1], [-1]), lambda: x.as_strided([1], [1], -1), lambda: torch.cat([]),
    lambda: torch.cat([torch.tensor(1.0), torch.tensor(2.0)]), lambda: torch.stack([]), lambda: x.clamp(),
    lambda: x.clamp_(), lambda: x.sum((0, 0)),
    # ValueError in PyTorch too:
    lambda: x[::-1], lambda: x[::0], lambda: torch.tensor([[1, 2], [3]]),
]
for f in cases:
    print(kind(f))


@torch.compile
def reshaped(t):
    try:
        return t.view(5)
    except RuntimeError as e:
        return str(e)


print(reshaped(torch.ones(2, 3)))
