# Note [Dead index checks]: an index op whose result nothing reads still
# raises eager's IndexError when compiled (found by fuzz_compile_gen).
import torch

def f(x):
    t = x.abs()
    t[2:1].index_copy_(0, torch.tensor([1, 0]), t[:2])
    return x * 2

def g(x, i):
    unused = torch.index_select(x, 0, i)
    return x + 1

for fn, args in ((f, (torch.arange(4.0),)), (g, (torch.arange(3.0), torch.tensor([0, 5])))):
    for h in (fn, torch.compile(fn)):
        try:
            print(h(*args))
        except IndexError as e:
            print("IndexError", e)
print(torch.compile(g)(torch.arange(3.0), torch.tensor([0, 2])))
