# globals() from a compiled function reads its module's globals (the call
# runs eagerly beside the graph), as in eager mode.
import torch

W = 3
CASES = {"a": 1}


@torch.compile
def scaled(x):
    return x * globals()["W"]


@torch.compile
def case_count():
    return torch.tensor(len(globals()["CASES"]))


print(scaled(torch.ones(2)))
print(case_count())
print("scaled" in globals(), "torch" in globals(), "print" in globals())
