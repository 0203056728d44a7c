import torch

# Found by fuzz_compile_gen (session 16): a dynamic segment's metadata is
# fitted as a linear function of the input sizes from a probe trace (Note
# [Probing dynamic segments]); x[::3] has ceil(s0 / 3) elements, which no
# such function explains, and its slice t[-3:] was recorded with offset
# s0 - 9 where the shape rule says 3, which the pass verifier refused as an
# internal error. Such a segment now specializes.


def f(x):
    t = x[::3]
    return t[-3:] + 1, x[::2][1:] * 2


opt = torch.compile(f)
for n in (8, 12, 13, 6, 27):
    x = torch.arange(float(n))
    got, want = opt(x), f(x)
    print(n, got[0].tolist(), got[1].tolist(), all(torch.equal(a, b) for a, b in zip(got, want)))
