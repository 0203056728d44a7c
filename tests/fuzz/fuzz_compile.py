#!/usr/bin/env python3
"""Differential fuzzer for torch.compile (developer tool, not part of ctest).

Generates small random tdsl scripts (valid Python + PyTorch) that define a
function mixing elementwise ops, reductions, views, in-place ops through views,
index_*_/masked_fill_/scatter_/copy_/fill_/zero_, clones, returned views of
inputs, global mutation, aliased inputs, Python and data-dependent control flow
(graph breaks), prints/.item(), helper calls and counted loops, over
float32/float64/int64 (+ bool masks). Each script calls the compiled function
several times with the same and different sizes and aliasing patterns and
prints every result and every input afterwards exactly (.tolist()).

Every script runs under `tdsl run --eager` (the reference) and the compiled
modes (default backend, --backend aot_eager, --backend eager, --no-reinplace);
any difference in stdout or exit status, a signal or a hang is reported and the
script saved under --out. With --torch K, every K-th script is also run with
/usr/bin/python3 (real PyTorch) and compared with the conformance tolerance.

Usage: fuzz_compile.py --tdsl PATH [-n COUNT] [--seed N] [--timeout S]
                       [--out DIR] [--torch K] [--no-overlap] [--emit FILE]
                       [--hostile all|CAT,CAT... [--hostile-share P]]
--hostile mixes in the programs of gen_hostile.py (as_strided, extreme steps,
overlapping sources, int()/float() parsing, custom backends, closures,
containers, metadata, loop-carried values, deep nesting)."""
import argparse, pathlib, random, sys

from fuzz_runner import load_conformance, mismatch, run

MODES = {"default": [], "aot_eager": ["--backend", "aot_eager"], "eager_backend": ["--backend", "eager"],
         "no_reinplace": ["--no-reinplace"]}

FLOAT_UNARY = ["{a}.sin()", "{a}.tanh()", "({a}.abs() + 1).sqrt()", "({a} * 0.25).exp()", "{a}.neg()",
               "torch.sigmoid({a})", "({a}.abs() + 1).log()", "{a} / ({b}.abs() + 1)"]
COMMON_UNARY = ["{a}.abs()", "-{a}", "{a}.clamp(-3, 3)", "{a} * 2", "{a} + 1", "{a}.clone()"]
BINARY = ["{a} + {b}", "{a} - {b}", "{a} * {b}", "torch.maximum({a}, {b})", "torch.minimum({a}, {b})",
          "torch.where({a} > {b}, {a}, {b})", "torch.where({a} < 0, {b}, {a})", "helper({a}, {b})",
          "{a}.index_select(0, torch.arange({a}.shape[0] - 1, -1, -1)) + {b}", "torch.cat([{a}[1:], {a}[:1]]) - {b}", "{a}.view(2, -1).t().reshape(-1)",
          "{a}.unsqueeze(0).expand(3, -1).sum(0)", "{a}.view(2, -1).t().contiguous().view(-1)", "{a}.reshape(2, -1)[:, 1:].sum(1).max() + {a}",
          "{a}.view(2, -1).sum(0).expand(2, -1).reshape(-1)", "{a}[::2].unsqueeze(0).expand(2, -1).reshape(-1)", "{a} * ({b} > 0)",
          "torch.stack([{a}, {b}]).max(0)[0]", "{a}.masked_fill({a} > {b}, 0)", "{a}[1:-1].sum() * {b}"]
REDUCTIONS = ["{a}.sum()", "{a}.max()", "{a}.min()", "{a}[1:-1].sum()", "{a}[::2].sum()",
              "({a} > {b}).sum()", "{a}.view(2, -1).sum(0).max()", "{a}.max(0)[0]"]
FLOAT_REDUCTIONS = ["{a}.mean()", "{a}.view(2, -1).mean(1).sum()", "({a} * {a}).sum().sqrt()", "{a}.prod()"]


class Gen:
    def __init__(self, rng, overlap=True):
        self.r = rng
        self.overlap = overlap
        self.dt = rng.choice(["torch.float64", "torch.float64", "torch.float32", "torch.int64"])
        self.isf = self.dt != "torch.int64"
        self.tensors = ["x", "y"]   # all of shape (n,), n even, n >= 6
        self.scalars = ["k"]        # Python ints
        self.lines = []
        self.tmp = 0
        self.depth = 1

    def c(self):  # a scalar constant of the right kind
        if self.isf:
            return self.r.choice(["0.5", "1.5", "-2.0", "3.0", "0.25", "2"])
        return self.r.choice(["1", "2", "-3", "5", "0"])

    def t(self):
        return self.r.choice(self.tensors)

    def emit(self, s):
        self.lines.append("    " * self.depth + s)

    def new(self):
        self.tmp += 1
        return f"t{self.tmp}"

    def expr(self):
        a, b = self.t(), self.t()
        pool = BINARY + COMMON_UNARY + (FLOAT_UNARY if self.isf else [])
        e = self.r.choice(pool).format(a=a, b=b, h=self.r.choice(["2", "k % 2 + 2"]) if False else "2")
        if "sum(1).repeat_interleave" in e:
            e = e.replace("repeat_interleave(2)", f"repeat_interleave({a}.shape[0] // 2)")
        if "({a} > 0)".format(a=b) in e and not self.isf:
            e = e.replace(f"({b} > 0)", f"({b} > 0).long()")
        return e

    def red(self):
        pool = REDUCTIONS + (FLOAT_REDUCTIONS if self.isf else [])
        return self.r.choice(pool).format(a=self.t(), b=self.t())

    def idx(self, m=2):
        vals = self.r.sample(range(-6, 6), m) if self.r.random() < 0.7 else [self.r.randrange(6)] * m
        return "torch.tensor([" + ", ".join(str(v % 6) for v in vals) + "])"

    def inplace(self):
        a, b, c = self.t(), self.t(), self.c()
        r = self.r
        # Note: an in-place op whose operand overlaps the written view reads
        # values it has already written when the views are not dense (eager
        # writes element by element, as PyTorch does), and raises in eager
        # when they are; compiled code must match both (issue 10: the tracer
        # runs such ops eagerly, Note [Overlapping sources]). Operands that
        # may share memory with `a` (the inputs, or `a` itself) are used raw;
        # --no-overlap clones them.
        if not self.overlap and (b == a or b in ("x", "y")):
            b = f"{b}.clone()" if r.random() < 0.5 else f"({b} * 1)"
        i, j = r.randrange(-6, 6), r.randrange(-6, 6)
        choices = [
            f"{a}[1:-1].add_({b}[2:])", f"{a}[::2] *= {c}", f"{a}[{i}] = {b}[{j}]", f"{a}[{i}] = {c}",
            f"{a}.index_copy_(0, torch.tensor([{r.randrange(6)}, {r.randrange(6) if False else 5 - r.randrange(3)}]), {b}[:2])",
            f"{a}.index_add_(0, {self.idx()}, {b}[-2:])", f"{a}.index_put_(({self.idx()},), {b}[1:3])",
            f"{a}.index_put_(({self.idx()},), {b}[1:3], accumulate=True)",
            f"{a}.masked_fill_({a} > {b}, {c})", f"{a}.scatter_(0, {self.idx()}, {b}[:2])",
            f"{a}[2:4].copy_({b}[-2:])", f"{a}[-3:].fill_({c})", f"{a}[:2].zero_()",
            f"{a}.view(2, -1)[1].add_({c})", f"{a}.view(2, -1).t()[1].mul_({c})",
            f"{a}.unsqueeze(0)[0, 1:3].sub_({b}[3:5])", f"{a}[::-1][:3].add_(1)" if False else f"{a}[-4:-1].sub_({c})",
            f"{a}.add_({b})", f"{a}.mul_({c})", f"{a}.clamp_(-4, 4)", f"{a}[1::3] += {b}[::3]",
            f"{a}[{a} > {c}] = {c}", f"{a}.copy_({b}.index_select(0, torch.arange({b}.shape[0] - 1, -1, -1)))", f"{a}.view(2, -1)[:, 1:] -= {c}",
            f"{a}[1:].sub_({b}[:-1])", f"{a}[::2].add_({b}[1::2])", f"{a}.t_()" if False else f"{a}.neg_()",
        ]
        if self.isf:
            choices += [f"{a}.div_(2)", f"{a}.sin_()", f"{a}[1:4].mul_(0.1)"]
        if self.overlap:  # sources overlapping a non-dense written view of the same tensor
            choices += [f"{a}[1::2][1:].sub_({a}[1::2][:-1])", f"{a}[::2].scatter_(0, {self.idx()}, {a}[::2][1:])",
                        f"{a}[::2].index_copy_(0, torch.tensor([1, 0]), {a}[::2][1:3])",
                        f"{a}[::3][1:].copy_({a}[::3][:-1])", f"{a}[::2][1:].add_({a}[::2][:-1], alpha=2)"]
        self.emit(r.choice(choices))

    def stmt(self, budget):
        r = self.r
        k = r.randrange(16)
        if k <= 3:
            v = self.new()
            self.emit(f"{v} = {self.expr()}")
            self.tensors.append(v)
        elif k <= 7:
            self.inplace()
        elif k == 8:
            v = self.new()
            self.emit(f"{v} = {self.t()}{r.choice(['[::2]', '[1:-1]', '[-4:]', '.view(2, -1)[1]', '.view(2, -1).t()[0]', '[1::2]'])}")
            self.emit(f"{v}.{r.choice(['add_', 'mul_', 'sub_'])}({self.c()})")
        elif k == 9:
            s = f"s{self.tmp}"
            self.tmp += 1
            self.emit(f"{s} = {self.red()}")
            self.emit(r.choice([f"print('red', {s}.item())", f"print('red', {s}.tolist())",
                                f"acc = acc + {s}.item()" if self.isf else f"acc = acc + int({s})"]))
        elif k == 10:
            self.emit(r.choice([f"G.add_({self.t()}[:4])", f"G[1] = {self.t()}.sum()", "G.mul_(2)",
                                "global CNT\n" + "    " * self.depth + "CNT += 1", f"G[::2] += {self.c()}"]))
        elif k == 11 and budget > 1 and self.depth < 3:
            cond = r.choice(["k > 1", "k % 2 == 0", f"{self.red()} > 0", f"({self.t()} > {self.c()}).any()",
                             f"{self.t()}[0] < {self.t()}[1]", "acc > 1"])
            saved = list(self.tensors)
            self.emit(f"if {cond}:")
            self.depth += 1
            self.block(r.randint(1, 2))
            self.depth -= 1
            if r.random() < 0.5:
                self.emit("else:")
                self.depth += 1
                self.block(1)
                self.depth -= 1
            self.tensors = saved
        elif k == 12 and budget > 1 and self.depth < 3:
            if r.random() < 0.5:
                saved = list(self.tensors)
                self.emit(f"for i in range({r.choice(['k', '2', 'k + 1'])}):")
                self.depth += 1
                a = self.t()
                self.emit(r.choice([f"{a}[i] = {a}[i + 1] + i" if self.isf or True else "", f"{a}.add_(i)",
                                    f"{a}[i::3].mul_(2)", f"acc = acc + i"]))
                self.block(1)
                self.depth -= 1
                self.tensors = saved
            else:
                a = self.t()
                self.emit(f"w = 0")
                self.emit(f"while {a}.sum() < {r.choice(['100', '10', '0'])} and w < 4:")
                self.depth += 1
                self.emit(f"{a}.add_({r.choice(['3', '1'])})")
                self.emit("w += 1")
                self.depth -= 1
                self.emit("print('w', w)")
        elif k == 13:
            self.emit(f"print('p', {self.t()}.tolist())")
        elif k == 14:
            v = self.new()
            self.emit(f"{v} = {self.t()}.clone()")
            self.tensors.append(v)
        else:
            v = self.new()
            self.emit(f"{v} = {self.t()}.reshape(2, -1).transpose(0, 1).contiguous().view(-1)")
            self.tensors.append(v)

    def block(self, n):
        for _ in range(n):
            self.stmt(n)
        # tensors created inside a block may not exist after it
        # (we only allow names defined at depth 1 to escape)

    def program(self):
        r = self.r
        out = ["import torch", "", f"DT = {self.dt}", "G = torch.arange(4, dtype=DT)", "CNT = 0", "",
               "def helper(a, b):", "    c = a * 2 + b", "    return c - a", "",
               "def f(x, y, k):", "    acc = 0"]
        n = r.randint(4, 10)
        # statements at depth 1; blocks must not define tensors used later
        for _ in range(n):
            self.stmt(3)
        rets = [r.choice(self.tensors) for _ in range(r.randint(1, 3))]
        rets += r.sample(["x[1:]", "y[::2]", "x", "acc", "x.view(2, -1)"], r.randint(0, 2))
        self.lines.append("    return " + ", ".join(rets))
        out += self.lines
        mk = "torch.arange({n}, dtype=DT)" if not self.isf else "(torch.arange({n}, dtype=DT) * 0.37 + {s}).sin() * 4"
        out += ["", "def show(tag, v):", "    if isinstance(v, tuple):",
                "        for e in v:", "            show(tag, e)",
                "    elif hasattr(v, 'dtype'):",
                "        print(tag, v.dtype, tuple(v.shape), v.tolist())", "    else:", "        print(tag, v)", "",
                "cf = torch.compile(f)" if r.random() < 0.85 else "cf = torch.compile(f, dynamic=True)"]
        calls = []
        for ci in range(r.randint(3, 7)):
            n = r.choice([6, 6, 8, 10, 12])
            kk = r.randint(0, 3)
            pat = r.randrange(6)
            make = mk.format(n=n, s=ci)
            if pat <= 2:
                make2 = mk.format(n=n, s=ci + 0.5) if self.isf else f"(torch.arange({n}, dtype=DT) * 3 - 7)"
                calls.append(f"x = {make}\ny = {make2}\nres = cf(x, y, {kk})\nshow('r', res)\nshow('x', x)\nshow('y', y)")
            elif pat == 3:
                calls.append(f"b = {mk.format(n=2 * n, s=ci)}\nres = cf(b[:{n}], b[{n}:], {kk})\nshow('r', res)\nshow('b', b)")
            elif pat == 4:
                calls.append(f"b = {mk.format(n=2 * n, s=ci)}\nres = cf(b[::2], b[1::2], {kk})\nshow('r', res)\nshow('b', b)")
            else:
                calls.append(f"b = {mk.format(n=n + 2, s=ci)}\nres = cf(b[:{n}], b[2:], {kk})\nshow('r', res)\nshow('b', b)")
            if r.random() < 0.2:
                calls.append(f"x = {make}\nres = cf(x, x, {kk})\nshow('r', res)\nshow('x', x)")
        for cidx, c in enumerate(calls):
            out.append(f"print('call {cidx}')")
            out += c.split("\n")
            out.append("show('G', G)\nprint('CNT', CNT)")
        return "\n".join(out) + "\n"


# torch 1.13 has no torch.compile: real PyTorch runs the eager function.
TORCH_PRELUDE = ("import sys, torch\n"
                 "torch.compile = lambda fn=None, **kw: fn if fn is not None else (lambda g: g)\n"
                 "p = sys.argv[1]\nexec(compile(open(p).read(), p, 'exec'), {'__name__': '__main__'})\n")




def make_program(a, seed):
    """The program for `seed`: a gen_hostile.py one (--hostile) or a random Gen one."""
    r = random.Random(seed)
    if a.hostile and r.random() < a.hostile_share:
        sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
        import gen_hostile
        cats = gen_hostile.CATEGORIES if a.hostile == "all" else a.hostile.split(",")
        return gen_hostile.program(r, cats)[1]
    return Gen(r, a.overlap).program()


def clean_error_ok(src, got, ref):
    """A gen_hostile.py program marked CLEAN_ERROR_OK may stop with a clean error (status 1, an
    `error:` line) after printing a prefix of the reference output: a custom backend that returns
    something wrong must raise, never return garbage."""
    return ("# CLEAN_ERROR_OK" in src and got[0] == 1 and ref[0] == 0 and ": error: " in got[2]
            and ref[1].startswith(got[1]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tdsl", required=True)
    ap.add_argument("-n", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=20)
    ap.add_argument("--out", default="/tmp/fuzz_compile")
    ap.add_argument("--torch", type=int, default=0, help="compare every K-th script with real PyTorch")
    ap.add_argument("--no-overlap", dest="overlap", action="store_false",
                    help="clone in-place ops' operands that may overlap the target (the default uses them raw)")
    ap.add_argument("--emit", help="only write the program for --seed to this file")
    ap.add_argument("--hostile", default="", help="comma-separated gen_hostile.py categories (or 'all'): "
                    "those programs replace the random ones for --hostile-share of the seeds")
    ap.add_argument("--hostile-share", type=float, default=1.0)
    a = ap.parse_args()
    if a.emit:
        pathlib.Path(a.emit).write_text(make_program(a, a.seed))
        return 0
    out = pathlib.Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    conf = load_conformance() if a.torch else None
    counts = {m: 0 for m in ["eager"] + list(MODES) + ["torch"]}
    failures = 0
    invalid = 0
    for i in range(a.n):
        seed = a.seed + i
        src = make_program(a, seed)
        path = out / f"prog_{seed}.td"
        path.write_text(src)
        ref = run([a.tdsl, "run", "--eager"], path, a.timeout)
        counts["eager"] += 1
        bad = []
        if ref[0] == "timeout" or (isinstance(ref[0], int) and (ref[0] < 0 or ref[0] > 2)):
            bad.append(f"eager: status {ref[0]}")
        elif ref[0] != 0:
            invalid += 1
        for m, flags in MODES.items():
            got = run([a.tdsl, "run"] + flags, path, a.timeout)
            counts[m] += 1
            if (got[0] != ref[0] or got[1] != ref[1]) and not clean_error_ok(src, got, ref):
                bad.append(mismatch(m, got, ref))
        if a.torch and i % a.torch == 0:
            counts["torch"] += 1
            tp = run(["/usr/bin/python3", "-c", TORCH_PRELUDE], path, 120)
            if tp[0] != ref[0]:
                bad.append(f"torch: status {tp[0]} vs tdsl {ref[0]}\n{tp[2][-300:]}\n{ref[2][-300:]}")
            else:
                el, al = tp[1].splitlines(), ref[1].splitlines()
                if len(el) != len(al) or not all(conf.line_matches(e, x) for e, x in zip(el, al)):
                    k = next((j for j in range(min(len(el), len(al))) if not conf.line_matches(el[j], al[j])), min(len(el), len(al)))
                    bad.append(f"torch: line {k}: {al[k] if k < len(al) else '<eof>'!r} vs torch "
                               f"{el[k] if k < len(el) else '<eof>'!r}")
        if bad:
            failures += 1
            print(f"FAIL {path}")
            for b in bad:
                print("   ", b)
            sys.stdout.flush()
        else:
            path.unlink()
    print(f"programs {a.n}, runs per mode {counts}, eager-invalid {invalid}, failing {failures}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
