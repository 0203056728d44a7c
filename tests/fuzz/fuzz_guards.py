#!/usr/bin/env python3
"""Differential fuzzer for torch.compile's guards (developer tool, not part of ctest).

Generates tdsl scripts (valid Python + PyTorch) whose compiled functions
depend on state that can change between calls without the tensor arguments
changing: metadata of tensors that are only inspected (shape, stride, dtype,
contiguity, storage offset, len), list/dict/nested-container arguments and
globals mutated between calls, closures over tensors and lists passed as
arguments, loop-carried Python values whose type changes, custom backends.
Every call's result is printed; `tdsl run --eager` is the reference for the
compiled modes (default backend, --backend eager, --backend aot_eager).
Issue 10 items 2, 4, 5 and 6 are what it looks for.

Usage: fuzz_guards.py --tdsl PATH [-n COUNT] [--seed N] [--timeout S] [--out DIR]"""
import argparse, pathlib, random, sys

from fuzz_runner import mismatch, run

MODES = {"default": [], "eager_backend": ["--backend", "eager"], "aot_eager": ["--backend", "aot_eager"]}

# A tensor read only for its metadata; `a` is the inspected tensor.
META = ["a.shape[0]", "a.dim()", "a.stride(0)", "int(a.is_contiguous())", "a.storage_offset()", "len(a)",
        "a.numel()", "(1 if a.dtype == torch.float32 else 2)", "a.size(0)", "a.ndim"]
# Values of `a` between calls: other sizes, strides, offsets, dtypes.
TENSORS = ["torch.zeros(3)", "torch.zeros(5)", "torch.zeros(4, 2)", "torch.zeros(4, 2)[:, 0]", "torch.zeros(6)[1:4]",
           "torch.zeros(6)[2:5]", "torch.zeros(3, dtype=torch.float64)", "torch.zeros(2, 3).t()", "torch.zeros(8)[::2]"]


class Gen:
    def __init__(self, r):
        self.r = r
        self.defs, self.calls = [], []

    def meta_fn(self, i):
        e = self.r.choice(META)
        self.defs += [f"def f{i}(x, a):", f"    return x * {e} + 1", f"c{i} = torch.compile(f{i}{self.backend()})"]
        for _ in range(self.r.randint(2, 5)):
            self.calls.append(f"show({i}, c{i}(torch.ones(2), {self.r.choice(TENSORS)}))")

    def container_fn(self, i):
        r = self.r
        kind = r.randrange(4)
        body, init, muts = {
            0: ("x * lst[0] + lst[-1]", "lst = [1, 2]", ["lst[0] = {v}", "lst.append({v})", "lst.pop()", "lst[-1] = {v}"]),
            1: ("x * len(lst)", "lst = [1]", ["lst.append({v})", "lst.clear()", "lst.extend([{v}, {v}])"]),
            2: ("x * d['k'] + len(d)", "d = {'k': 1}", ["d['k'] = {v}", "d['j'] = {v}", "d.pop('j', None)"]),
            3: ("x + lst[0][1]", "lst = [[1, 2], 3]", ["lst[0][1] = {v}", "lst[0] = [{v}, {v}]"]),
        }[kind]
        name = "d" if kind == 2 else "lst"
        self.defs += [f"def f{i}(x, {name}):", f"    return {body}", f"c{i} = torch.compile(f{i}{self.backend()})"]
        self.calls.append(init.replace(name, f"{name}{i}", 1))
        for _ in range(r.randint(2, 5)):
            self.calls.append(f"show({i}, c{i}(torch.ones(2), {name}{i}))")
            if len(muts) and r.random() < 0.8:
                m = r.choice(muts).format(v=r.randint(-3, 9)).replace(name, f"{name}{i}", 1)
                if kind == 0 and "pop" in m:
                    m = f"if len(lst{i}) > 1:\n    lst{i}.pop()"
                self.calls.append(m)

    def closure_fn(self, i):
        r = self.r
        self.defs += [f"def f{i}(x, fn):", "    return fn(x)", f"c{i} = torch.compile(f{i}{self.backend()})"]
        for _ in range(r.randint(2, 5)):
            maker = r.choice(["adder(torch.full((2,), {v}.0))", "adder({v})", "scaler([{v}])",
                              "twice(adder(torch.full((2,), {v}.0)))"]).format(v=r.randint(-2, 9))
            self.calls.append(f"show({i}, c{i}(torch.ones(2), {maker}))")

    def loop_fn(self, i):
        r = self.r
        change = r.choice(["acc + 0.5", "[1, 2]", "'s'", "acc * 2", "True", "None"])
        self.defs += [f"def f{i}(x, k):", "    acc = 0", "    if k:", f"        acc = {change}", "    n = 0",
                      "    while x.sum() < 4:", "        x = x + 1", "        n = n + 1", "    return acc, n",
                      f"c{i} = torch.compile(f{i}{self.backend()})"]
        for _ in range(r.randint(2, 5)):
            self.calls.append(f"show({i}, c{i}(torch.zeros(2), {r.choice(['True', 'False'])}))")

    def global_fn(self, i):
        r = self.r
        self.defs += [f"G{i} = {r.choice(TENSORS)}", f"L{i} = [1, [2, 3]]", f"def f{i}(x):",
                      f"    return x * G{i}.shape[0] + L{i}[1][0]", f"c{i} = torch.compile(f{i}{self.backend()})"]
        for _ in range(r.randint(2, 5)):
            self.calls.append(f"show({i}, c{i}(torch.ones(2)))")
            if r.random() < 0.5:
                self.calls.append(f"G{i} = {r.choice(TENSORS)}")
            if r.random() < 0.5:
                self.calls.append(f"L{i}[1][0] = {r.randint(-3, 9)}")

    def backend(self):
        return ", backend=mine" if self.r.random() < 0.2 else ""

    def program(self):
        for i in range(self.r.randint(3, 6)):
            self.r.choice([self.meta_fn, self.container_fn, self.closure_fn, self.loop_fn, self.global_fn])(i)
        head = ["import torch", "", "def show(i, v):",
                "    if isinstance(v, tuple):", "        print(i, v)", "    else:", "        print(i, v.tolist())",
                "", "def mine(gm, example_inputs):", "    return gm.forward", "",
                "def adder(v):", "    return lambda x: x + v", "",
                "def scaler(items):", "    return lambda x: x * items[0]", "",
                "def twice(g):", "    return lambda x: g(g(x))", ""]
        order = list(self.calls)
        return "\n".join(head + self.defs + [""] + order) + "\n"



def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tdsl", required=True)
    ap.add_argument("-n", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=20)
    ap.add_argument("--out", default="/tmp/fuzz_guards")
    a = ap.parse_args()
    out = pathlib.Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    failures = 0
    for i in range(a.n):
        seed = a.seed + i
        path = out / f"prog_{seed}.td"
        path.write_text(Gen(random.Random(seed)).program())
        ref = run([a.tdsl, "run", "--eager"], path, a.timeout)
        bad = [] if ref[0] == 0 else [f"eager: status {ref[0]}\n{ref[2][-300:]}"]
        for m, flags in MODES.items():
            got = run([a.tdsl, "run"] + flags, path, a.timeout)
            if got[:2] != ref[:2]:
                bad.append(mismatch(m, got, ref))
        if bad:
            failures += 1
            print(f"FAIL {path}:\n  " + "\n  ".join(bad))
        else:
            path.unlink()
    print(f"programs {a.n}, failing {failures}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
