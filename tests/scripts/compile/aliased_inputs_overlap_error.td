import torch
# Two argument objects over one storage, and a write whose source overlaps
# its destination: eager raises after `L[0] = L[0] + 1` has run, and so must
# the compiled call (Note [Write overlap while tracing]). Found by
# fuzz_compile_gen: the error came from the compiled graph and the list kept
# its old value.
L = [1]

def f(x, y):
    L[0] = L[0] + 1
    y.index_add_(0, torch.tensor([0, 1, 0]), x[:3])
    x.mul_(L[0])
    return x

for backend in ("eager", "aot_eager", "inductor"):
    opt = torch.compile(f, backend=backend)
    L[0] = 1
    for n, alias in ((8, 0), (8, 0), (8, 1), (12, 0), (12, 1), (6, 0)):
        base = torch.ones(2 * n)
        x, y = (base[:n].clone(), base[n:].clone()) if alias == 0 else (base[:n], base[:n])
        try:
            print(backend, opt(x, y).tolist(), L[0])
        except RuntimeError as e:
            print(backend, "error", str(e)[:60], L[0])
