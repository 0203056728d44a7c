# copy.deepcopy of tensors as PyTorch's Tensor.__deepcopy__: leaf tensors
# copy their data and requires_grad, non-leaf ones raise; a dataclass holding
# tensors copies them; deepcopy from a compiled function runs beside the graph.
import copy
import torch
from dataclasses import dataclass, field


@dataclass
class Params:
    w: torch.Tensor
    names: list = field(default_factory=list)


x = torch.ones(3, requires_grad=True)
y = copy.deepcopy(x)
print(y, y.is_leaf, y.requires_grad, y is x)
p = Params(torch.arange(3.0), ["w"])
q = copy.deepcopy(p)
q.w.add_(1)
q.names.append("v")
print(p, q)
pair = [x, x]
c = copy.deepcopy(pair)
print(c[0] is c[1], c[0] is x)
try:
    copy.deepcopy(x * 2)
except RuntimeError as e:
    print("RuntimeError", e)


@torch.compile
def scaled_copy(t):
    u = copy.deepcopy(t)
    return u * 2


t = torch.tensor([1.0, 2.0])
print(scaled_copy(t), t)
