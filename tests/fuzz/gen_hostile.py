"""Hostile program generators for fuzz_compile.py (--hostile CATS).

Each generator writes a whole script that is valid Python + PyTorch and
prints the same text in every mode when tdsl is right: results are printed
exactly, and as tdsl has no try/except the first error ends the script with
the same output and status in every mode. The --eager run is the reference,
so a script calls only the compiled function. Where the reference cannot
run the same code (a custom backend is never called under --eager) the
script checks itself and prints `fine` or `GARBAGE`, never the raw result,
and carries the CLEAN_ERROR_OK marker: fuzz_compile.py then also accepts a
compiled run that stops with a clean `error:` after a prefix of the
reference's output (a bad backend must raise, never return garbage).
The categories are what the issue 10 review tried by hand:

  strided     as_strided with extreme sizes, strides and offsets
  steps       slices with extreme starts, stops and steps
  overlap     in-place ops whose source is an expanded or overlapping view of the destination
  parse       int(s, base) / float(s) on odd strings and bases
  backend     custom backends, including ones that return wrong results
  closure     closures over tensors, rebound between calls
  container   mutable and nested list/dict arguments, mutated between calls
  metadata    shape/dtype/stride/len/contiguity reads on varying inputs
  carried     loop-carried Python values that change type
  nesting     deeply nested tuples/lists as values and arguments

gen_hostile.program(rng, cats) returns (category, source)."""

CATEGORIES = ["strided", "steps", "overlap", "parse", "backend", "closure", "container", "metadata", "carried",
              "nesting"]

HUGE = ["2**62", "2**62 + 4", "9223372036854775807", "2**31", "2**32", "-1", "-(2**62)", "10**18", "0", "1", "3"]

PRELUDE = """import torch

def show(v):
    if hasattr(v, 'dtype'):
        return (str(v.dtype), tuple(v.shape), v.tolist())
    if isinstance(v, (tuple, list)):
        return [show(e) for e in v]
    return v

def report(tag, thunk):
    print(tag, show(thunk()))
"""


def strided(r):
    size = f"({r.choice(['2', '3', '2**32', '1'])}, {r.choice(['2', '1', '2**31'])})"
    stride = f"({r.choice(HUGE)}, {r.choice(HUGE)})"
    off = r.choice(["", ", 0", ", 2", ", 2**62", ", -1", ", 9223372036854775807"])
    op = r.choice([".fill_(-1.0)", ".sum()", ".clone()", " * 2", ".add_(1)", ".tolist()", ".contiguous()"])
    return PRELUDE + f"""
def f(a, b):
    v = a.as_strided({size}, {stride}{off})
    r = v{op}
    return r, b

opt = torch.compile(f)
for i in range(2):
    a = torch.zeros(4)
    b = torch.full((4,), 42.0)
    report('compiled', lambda: opt(a, b))
    print('a', a.tolist(), 'b', b.tolist())
"""


def steps(r):
    step = r.choice(["9223372036854775807", "2**62", "2**31", "10**18", "3", "-1", "0"])
    start = r.choice(["", "-9223372036854775807 - 1", "9223372036854775807", "-9", "1", "-1"])
    stop = r.choice(["", "9223372036854775807", "-9223372036854775807 - 1", "100", "-1"])
    sl = f"[{start}:{stop}:{step}]"
    op = r.choice([".tolist()", ".sum()", ".add_(1)", ".clone()", ".shape[0]", " + 1", ".numel()"])
    return PRELUDE + f"""
def f(x):
    v = x{sl}
    return v{op}, x

opt = torch.compile(f)
report('c', lambda: opt(torch.tensor([1, 2, 3])))
report('c', lambda: opt(torch.arange(7)))
print('list', [1, 2, 3]{sl})
"""


def overlap(r):
    cases = [
        "y = x[1::2]\n    y[1:].sub_(y[:-1])",
        "x[1:].copy_(x[:-1])",
        "x[1:].add_(x[:-1])",
        "x[::2].add_(x[1::2])",
        "x.index_copy_(0, torch.tensor([1, 2]), x[:2])",
        "x.scatter_(0, torch.tensor([2, 0]), x[:2])",
        "x.index_add_(0, torch.tensor([0, 1]), x[1:3])",
        "x[:3].mul_(x[0:1].expand(3))",
        "x.copy_(x[:1].expand(x.shape[0]))",
        "x.view(2, -1).add_(x.view(2, -1)[:1].expand(2, -1))",
        "x[2:].add_(x.as_strided((x.shape[0] - 2,), (1,)))",
        "x.as_strided((2, 2), (1, 1)).add_(1)",
        "x[:].masked_fill_(x[1:].sum() > 0, 3)",
    ]
    body = "\n    ".join(r.sample(cases, r.randint(1, 3)))
    base = r.choice(["torch.arange(8.0)", "torch.arange(10)", "torch.arange(16.0)[1::2]", "torch.arange(12.0)[::3]"])
    return PRELUDE + f"""
def f(x):
    {body}
    return x.sum()

opt = torch.compile(f)
for n in (0, 1):
    b = {base}
    b2 = b.clone()  # a fresh storage: b's base stays as made
    report('c', lambda: opt(b2))
    print('x', b2.tolist())
"""


def parse(r):
    strs = ["'10'", "' 10 '", "'-0x1f'", "'0b101'", "'1_000'", "'1__0'", "'z'", "''", "'0o17'", "'+7'", "'٣'",
            "'9' * 40", "'inf'", "'-nan'", "'1e400'", "'1e-400'", "' 1.5 '", "'0x1p3'", "'infinity'", "'1_0.5'",
            "'.5'", "'5.'", "'e5'", "'1e'", "'--1'"]
    bases = ["0", "2", "16", "36", "37", "1", "-1", "100", "2**40", "10"]
    calls = []
    for _ in range(r.randint(3, 8)):
        s = r.choice(strs)
        if r.random() < 0.5:
            calls.append(f"report('int', lambda: int({s}, {r.choice(bases)}))")
        elif r.random() < 0.5:
            calls.append(f"report('float', lambda: float({s}))")
        else:
            calls.append(f"report('int1', lambda: int({s}))")
    return PRELUDE + f"""
def f(x, s):
    return x * int(s), x * float(s)

opt = torch.compile(f)
{chr(10).join(calls)}
for s in ({r.choice(strs)}, '3', {r.choice(strs)}):
    report('fc', lambda: opt(torch.ones(2), s))
"""


def backend(r):
    bad = r.choice([
        "lambda gm, ex: gm.forward",            # right
        "lambda gm, ex: (lambda x, y: [])",       # too few outputs
        "lambda gm, ex: (lambda x, y: None)",
        "lambda gm, ex: (lambda x, y: [torch.zeros(1)] * 5)",   # too many
        # (a backend that returns the right number of tensors with wrong values
        # is obeyed, as in PyTorch: not generated)
        "lambda gm, ex: (lambda x, y: [1, 'x'])",  # not tensors
        "lambda gm, ex: 5",                      # not callable
        "lambda gm, ex: None",
        "lambda gm, ex: opt",                    # the compiled function itself
        "lambda gm, ex: (lambda x, y: 1 / 0)",
        "5",
        "'no_such_backend'",
    ])
    extra = r.choice(["", ", options={'bogus': 1}", ", mode='bogus'", ", fullgraph=True", ", dynamic=True"])
    return PRELUDE + f"""
def f(x, y):
    return x.sin() + y, y * 2

# CLEAN_ERROR_OK: the compiled run may stop with a clean error instead
ref = [f(torch.arange(3.0), torch.ones(3))[0].tolist(), f(torch.arange(3.0), torch.ones(3))[1].tolist()]
opt = torch.compile(f, backend={bad}{extra})
got = opt(torch.arange(3.0), torch.ones(3))
ok = isinstance(got, tuple) and len(got) == 2 and hasattr(got[0], 'dtype') and hasattr(got[1], 'dtype')
print('fine' if ok and [got[0].tolist(), got[1].tolist()] == ref else 'GARBAGE')
"""


def closure(r):
    cap = r.choice(["torch.ones(3) * k", "torch.full((3,), float(k))", "torch.arange(3.0) + k"])
    use = r.choice(["x + v", "x * v", "x.add_(v)", "(x + v).sum()", "torch.where(v > 1, x, v)"])
    return PRELUDE + f"""
def maker(k):
    v = {cap}
    return lambda x: {use}

def outer(k):
    v = {cap}
    def g(x):
        return {use}
    return g

opt = torch.compile(lambda x, fn: fn(x))
opt2 = torch.compile(outer({r.randint(1, 3)}))
for k in (1, 10, 10, 2):
    report('c', lambda: opt(torch.zeros(3), maker(k)))
    report('c2', lambda: opt(torch.zeros(3), outer(k)))
report('c3', lambda: opt2(torch.zeros(3)))
"""


def container(r):
    f_body = r.choice([
        "return x * lst[0]",
        "return x + len(lst)",
        "return x * lst[-1][0]",
        "lst.append(1)\n    return x + len(lst)",
        "return x * d['a']",
        "return x + sum(lst[1])",
        "return x * G[0][0]",
    ])
    muts = r.sample(["lst[0] = 5", "lst.append([3])", "d['a'] = 7", "G[0][0] = 9", "lst[-1][0] = 4", "lst.pop()",
                     "d.clear(); d['a'] = 2", "lst[1] = [1, 1, 1]"], 3)
    calls = ""
    for m in muts:
        calls += m + "\n"
        calls += "report('c', lambda: opt(torch.ones(2), lst, d))\n"
    return PRELUDE + f"""
G = [[2]]

def f(x, lst, d):
    {f_body}

opt = torch.compile(f)
lst = [2, [1, 2], [3]]
d = {{'a': 3}}
report('c', lambda: opt(torch.ones(2), lst, d))
{calls}"""


def metadata(r):
    body = r.choice([
        "return torch.ones(x.shape[0])",
        "return x.shape[0] * 2",
        "return x * 2 if x.dtype == torch.float64 else x - 1",
        "return x + x.stride(0)",
        "return x + 1 if x.is_contiguous() else x - 1",
        "return x + x.storage_offset()",
        "return x * len(x)",
        "return torch.zeros(len(x), x.dim())",
        "return x.new_ones(x.shape) * x.numel()",
        "return G.shape[0] + x",
        "return x.sum() if x.size(0) > 3 else x.max()",
    ])
    inputs = ["torch.arange(4.0)", "torch.arange(6.0)", "torch.arange(4, dtype=torch.float64)", "torch.arange(8.0)[::2]",
              "torch.arange(6.0)[2:]", "torch.arange(4)", "torch.arange(12.0).view(3, 4).t()[0]",
              "torch.arange(6.0).view(2, 3)"]
    calls = ""
    for a in r.sample(inputs, 5):
        calls += f"report('c', lambda: opt({a}))\n"
        if r.random() < 0.3:
            calls += f"G = torch.zeros({r.randint(1, 6)})\n"
    return PRELUDE + f"""
G = torch.zeros(2)

def f(x):
    {body}

opt = torch.compile(f{r.choice(['', ', dynamic=True'])})
{calls}"""


def carried(r):
    init = r.choice(["0", "0.0", "[]", "None", "''", "True"])
    upd = r.choice(["acc = acc + 0.5", "acc = [acc]", "acc = (acc, 1)", "acc = str(acc)", "acc = acc * 2",
                    "acc = x.sum().item()", "acc = x", "acc = len(str(acc))"])
    loop = r.choice(["while x.sum() < 20:\n        x = x + 1\n        {u}",
                     "for i in range(int(x[0]) % 3 + 1):\n        {u}\n        x = x * 2",
                     "while x.sum() < 20:\n        x = x + 1"])
    return PRELUDE + f"""
def f(x, k):
    acc = {init}
    if k:
        {upd}
    {loop.format(u=r.choice(['acc = acc', 'k = k + 1', 'acc = [acc]', 'acc = 1.5']))}
    return acc, x

opt = torch.compile(f)
for k in (0, 1, 1, 0, 2):
    report('c', lambda: opt(torch.ones(3) * k, k))
"""


def nesting(r):
    depth = r.choice([10, 1000, 5000, 200000, 200000])
    kind = r.choice(["(v, 1)", "[v]", "{'k': v}", "(v,)"])
    use = r.choice(["hash(v)", "isinstance(v, tuple)", "v == v", "repr(v)[:20]", "len(str(v)) > 0",
                    "{v: 1} if isinstance(v, tuple) else 0", "opt(torch.ones(1), v)", "sorted([v, v]) and 0",
                    "v in [v]"])
    return PRELUDE + f"""
def f(x, v):
    return x + 1

opt = torch.compile(f)
v = 0
for i in range({depth}):
    v = {kind}
report('use', lambda: {use})
report('c', lambda: opt(torch.ones(1), v))
"""


GENERATORS = {name: globals()[name] for name in CATEGORIES}


CLEAN_ERROR_OK = "# CLEAN_ERROR_OK"


def program(rng, cats):
    cat = rng.choice(cats)
    return cat, f"# gen_hostile: {cat}\n" + GENERATORS[cat](rng)
