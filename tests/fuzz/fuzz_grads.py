#!/usr/bin/env python3
"""Differential fuzzer for compiled gradients (developer tool, not part of ctest).

Generates tdsl scripts (valid Python + PyTorch) of random functions over
tensors that require grad: pointwise ops, broadcasting, reductions, views,
indexing, matmul, cat/stack, in-place ops on fresh tensors (through views
too) and data-dependent branches (graph breaks), returning one to three
results. Each function runs plain and under torch.compile inside one
script; the results and the gradients of a weighted sum of some of the
results (so some results get no gradient) are printed with repr() and must
be equal bit for bit, errors included (Note [Compiled backward] in
compile/compiled_backward.h). Every script runs under the default backend
and under --backend aot_eager. A mismatch prints the program's number and
both outcomes; --out keeps the failing scripts.

Usage: fuzz_grads.py --tdsl PATH [-n SCRIPTS] [--per N] [--seed N] [--timeout S] [--out DIR]"""
import argparse, pathlib, random, sys, tempfile

from fuzz_runner import run

UNARY = {
    "sin": "{v}.sin()", "cos": "torch.cos({v})", "exp": "({v} * 0.5).exp()", "tanh": "torch.tanh({v})",
    "sigmoid": "torch.sigmoid({v})", "relu": "torch.relu({v})", "abs": "{v}.abs()", "neg": "-{v}",
    "sqrt": "({v}.abs() + 0.1).sqrt()", "log": "({v}.abs() + 0.5).log()", "square": "{v} ** 2",
    "reciprocal": "1.0 / ({v}.abs() + 1.0)", "clamp": "{v}.clamp(-0.5, 0.7)", "softmax": "torch.softmax({v}, 0)",
    "cumsum": "{v}.cumsum(0)", "flip": "{v}.flip(0)", "t": "({v}.t() if {v}.dim() == 2 else {v})",
    "sum_keep": "{v}.sum(0, keepdim=True)", "mean": "{v}.mean(0)", "amax": "{v}.amax(0)", "pow3": "{v}.pow(3)",
    "scale": "{v} * 2.5", "shift": "({v} + 1.0)", "detach": "({v} * {v}.detach())", "slice": "{v}[1:]",
    "narrow": "{v}.narrow(0, 0, 2)", "expand": "{v}[:1].expand(R, *{v}.shape[1:])", "flatten": "{v}.reshape(-1)",
    "contiguous": "{v}.contiguous()", "unsqueeze": "{v}.unsqueeze(0)",
    "index_select": "{v}.index_select(0, torch.tensor([0, 0]))", "where": "torch.where({v} > 0, {v}, {v} * 0.1)",
    "masked_fill": "{v}.masked_fill({v} < -0.3, 0.25)", "log_softmax": "torch.log_softmax({v}, 0)",
    "norm": "{v}.norm()", "nan_to_num": "({v} / ({v} - {v})).nan_to_num(0.5)", "cummax": "{v}.cummax(0).values",
}
BINARY = {
    "add": "{a} + {b}", "sub": "{a} - {b}", "mul": "{a} * {b}", "div": "{a} / ({b}.abs() + 1.0)",
    "maximum": "torch.maximum({a}, {b})", "minimum": "torch.minimum({a}, {b})", "atan2": "torch.atan2({a}, {b} + 2.0)",
    "matmul": "({a} @ {b}.t() if {a}.dim() == 2 and {b}.dim() == 2 and {a}.shape[1] == {b}.shape[1] else {a} + {b})",
    "cat": "torch.cat([{a}, {b}])[:3]", "stack": "torch.stack([{a}, {b}]).sum(0)", "lerp": "torch.lerp({a}, {b}, 0.3)",
    "hypot": "torch.hypot({a}, {b})",
}
INPLACE = ["{t}.add_({o})", "{t}.mul_(1.5)", "{t}.sin_()", "{t}.clamp_(-0.4, 0.9)", "{t}[1:].zero_()",
           "{t}[:1].copy_({o}[1:2])", "{t}.index_add_(0, torch.tensor([0, 2, 0]), {o})"]

PRELUDE = """import torch
R, C = {rows}, {cols}
def bits(t):
    return [repr(v) for v in t.detach().reshape(-1).tolist()] if isinstance(t, torch.Tensor) else repr(t)
def run(fn, i):
    torch.manual_seed(i)
    w = torch.randn(R, C, requires_grad=True)
    v = torch.randn(R, C, requires_grad=(i % 3 != 0))
    c = torch.randn(R, C)
    try:
        outs = fn(w, v, c)
        vals = [bits(o) for o in outs]
        loss = None
        for j, o in enumerate(outs):
            if o.requires_grad and (i + j) % 4 != 3:
                term = (o * torch.linspace(-1, 1, o.numel()).reshape(o.shape)).sum()
                loss = term if loss is None else loss + term
        if loss is not None:
            loss.backward()
        return vals, None if w.grad is None else bits(w.grad), None if v.grad is None else bits(v.grad)
    except Exception as e:
        return type(e).__name__ + ": " + str(e)[:80]
"""


def function(r, idx):
    lines, vals = [f"def f{idx}(w, v, c):"], ["w", "v", "c"]
    for i in range(r.randint(1, 6)):
        t, x = f"t{i}", r.random()
        if x < 0.45:
            lines.append(f"    {t} = " + UNARY[r.choice(sorted(UNARY))].format(v=r.choice(vals)))
        elif x < 0.85:
            lines.append(f"    {t} = " + BINARY[r.choice(sorted(BINARY))].format(a=r.choice(vals), b=r.choice(vals)))
        elif x < 0.92:
            a = r.choice(vals)
            lines += [f"    if {a}.sum() > 0:", f"        {t} = " + UNARY[r.choice(sorted(UNARY))].format(v=a),
                      "    else:", f"        {t} = {a} * 0.5"]
        else:
            lines.append(f"    {t} = {r.choice(vals)} * 1.0")
            lines.append("    " + r.choice(INPLACE).format(t=t, o=r.choice(vals)))
        vals.append(t)
    made = vals[3:]
    outs = r.sample(made, min(r.randint(1, 3), len(made)))
    lines.append(f"    return ({', '.join(outs)},)")
    return "\n".join(lines)


def script(r, count):
    parts = [PRELUDE.format(rows=r.choice([3, 5, 17]), cols=r.choice([2, 4, 9, 33]))]
    for i in range(count):
        parts.append(function(r, i))
        parts.append(f"e = run(f{i}, {i})\ng = run(torch.compile(f{i}), {i})\n"
                     f"if e != g:\n    print('MISMATCH', {i})\n    print(e)\n    print(g)")
    parts.append("print('done')")
    return "\n".join(parts) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tdsl", required=True)
    ap.add_argument("-n", type=int, default=20, help="scripts")
    ap.add_argument("--per", type=int, default=100, help="functions per script")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("--out", type=pathlib.Path)
    a = ap.parse_args()
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(a.n):
            seed = a.seed + k
            path = pathlib.Path(tmp) / f"grads_{seed}.td"
            path.write_text(script(random.Random(seed), a.per), encoding="utf-8")
            for mode in ([], ["--backend", "aot_eager"]):
                status, out, err = run([a.tdsl, "run", *mode], path, a.timeout)
                if status == 0 and out.endswith("done\n") and "MISMATCH" not in out:
                    continue
                bad += 1
                print(f"seed {seed} {' '.join(mode) or 'default'}: status {status}\n{out[-1500:]}{err[-600:]}")
                if a.out:
                    a.out.mkdir(parents=True, exist_ok=True)
                    (a.out / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    print(f"{a.n} scripts of {a.per} functions, {bad} failing runs")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
