import torch
# as_strided addresses its operand's storage, not its elements (Note
# [as_strided names storage elements]). Found by fuzz_compile_gen: with
# x = base[::2], x.as_strided((3,), (2,), 1).fill_(3.0) compiled wrote x's
# elements instead of base[1], base[3], base[5].

def fill_odd(x):
    x.as_strided((3,), (2,), 1).fill_(3.0)
    return x * 1

def read_after_write(x):
    x.add_(1)
    return x.as_strided((2, 2), (1, 2), 1) * 10

def past_the_end(x):
    x.as_strided((3,), (2,), 5).mul_(-1)
    return x.sum()

def inside(x):
    x.as_strided((2, 2), (2, 1), 1).add_(100)
    return x + 0

cases = [fill_odd, read_after_write, past_the_end, inside]
layouts = [("clone", lambda b: b[:6].clone()), ("offset", lambda b: b[1:7]), ("stepped", lambda b: b[::2]),
           ("prefix", lambda b: b[:6])]
for backend in ("eager", "aot_eager", "inductor"):
    for case in cases:
        opt = torch.compile(case, backend=backend)
        for name, make in layouts:
            base = torch.arange(12.0)
            ebase = base.clone()
            try:
                e = case(make(ebase))
            except RuntimeError as err:
                print(backend, case.__name__, name, "error", str(err)[:40])
                continue
            r = opt(make(base))
            print(backend, case.__name__, name, r.tolist(), base.tolist(), torch.equal(r, e) and torch.equal(base, ebase))
