#!/usr/bin/env python3
"""Mutation fuzzer for tdsl (developer tool, not part of ctest).

Takes the conformance scripts, tests/scripts/**.td and tests/diff/cases/*.td as
seeds, applies random token-level mutations (delete / duplicate / swap tokens,
insert brackets, huge numbers, deep nesting, random tensor sizes, negative and
out-of-range indices, wrong argument types and counts, 10**12 sizes), runs
`tdsl run` on each mutant with a timeout and reports every run whose exit
status is not 0 or 1 (signals, 134 abort, 139 segfault, 2 usage) or that
times out. Crashing inputs are saved under --out for reproduction.

Usage: fuzz_scripts.py --tdsl PATH [-n COUNT] [--seed N] [--timeout S] [--out DIR]"""
import argparse, pathlib, random, re, subprocess, sys, tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
SEED_DIRS = [pathlib.Path("/work/shared/conformance/cases"), ROOT / "tests" / "scripts", ROOT / "tests" / "diff" / "cases"]
TOKEN = re.compile(r"\s+|\w+|\d+\.\d*|\"[^\"\n]*\"|'[^'\n]*'|\*\*|//|==|!=|<=|>=|.", re.S)

INTERESTING = ["10**12", "-1", "0", "2**63-1", "-2**63", "9223372036854775807", "1e308", "float('nan')",
               "float('inf')", "-10**12", "None", "[]", "()", "{}", "''", "torch.zeros(0)", "torch.tensor([])",
               "torch.tensor(1.5)", "torch.ones(10**6)", "torch.zeros(3, 0, 2)", "[[[[]]]]", "'x' * 10",
               "torch.tensor([True])", "torch.arange(10).reshape(2, 5).t()", "torch.int32", "torch.bool",
               "lambda: 0", "range(-5)", "...", "slice", "x", "print", "torch", "1.5", "True", "10**6"]
SNIPPETS = ["x = torch.zeros(10**12)\n", "x = [0] * 10**12\n", "s = 'a' * 10**12\n", "a = torch.empty(-1)\n",
            "t = torch.arange(6).reshape(2, 3)\nprint(t[5, -7])\n", "t = torch.arange(6)\nt[::2].add_(t[1::2])\n",
            "t = torch.ones(3)\nprint(t.view(-1, 0))\n", "print(torch.ones(2, 3).permute(2, 0, 1))\n",
            "t = torch.ones(3)\nt[torch.tensor([10**12])] = 1\n", "print(torch.ones(3).sum(dim=10**12))\n",
            "print(torch.ones(2).expand(-2, 2))\n", "print(torch.ones(3)[::0])\n",
            "print(torch.arange(0, 10**12, 10**-9))\n", "print(torch.linspace(0, 1, 10**12))\n",
            "def f(n):\n    return f(n + 1) + 1\nf(0)\n", "x = " + "(" * 300 + "1" + ")" * 300 + "\n",
            "x = " + "[" * 5000 + "]" * 5000 + "\n", "x = " + "-" * 5000 + "1\n", "x = 1" + " + 1" * 20000 + "\n",
            "print(torch.ones(3).gather(0, torch.tensor([-4])))\n", "print(torch.eye(-1))\n",
            "print(torch.full((2, 2), 'a'))\n", "print(torch.tensor([[1], [2, 3]]))\n", "print(torch.ones(2) @ torch.ones(3))\n",
"print(torch.ones(2, 3).reshape(-1, -1))\n",
            "print(torch.ones(5).index_select(0, torch.tensor([[1]])))\n", "print(torch.ones(2).scatter(0, torch.tensor([5]), 1.0))\n",
            "x = torch.ones(3)\nx.index_add_(0, torch.tensor([3]), torch.ones(1))\n", "print(torch.cat([]))\n",
            "print(torch.stack([]))\n", "print(torch.ones(2).unsqueeze(-4))\n", "print(torch.zeros(2).squeeze(5))\n",
            "print(torch.ones(3).transpose(0, 3))\n", "print(torch.ones(3)[None, None, ..., ..., 0])\n",
            "print('%s' % 1)\n", "print(f'{1:{2}}')\n", "print(f'{1:>10000000000d}')\n", "print('{:,.999f}'.format(1.5))\n",
            "print(round(1.5, 10**12))\n", "print(range(10**18)[10**18 - 1])\n", "print(list(range(2**62, 2**63 - 1, 2**61)))\n",
            "print(2 ** -2 ** 63)\n", "print(divmod(-2**63, -1))\n", "print(torch.tensor(-2**63) // -1)\n",
            "print(torch.tensor([2**62]) * 4)\n", "print(torch.tensor(5) % 0)\n", "print(torch.tensor([1]) // 0)\n",
            "print(torch.ones(3).max(dim=0)[5])\n", "print(torch.ones(0).argmax())\n", "print(torch.ones(0, 3).max(dim=1))\n",
            "print(torch.rand(3).manual_seed(1))\n", "torch.manual_seed(-1)\nprint(torch.rand(2).shape)\n",
            "print(torch.ones(2, 2).stride(5))\n", "print(torch.ones(2, 2).size(-3))\n", "print(torch.ones(3).tolist()[5])\n"]


def tokens(src):
    return TOKEN.findall(src)


def mutate(src, rng):
    toks = tokens(src)
    if not toks:
        return src
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(9)
        i = rng.randrange(len(toks))
        if op == 0 and len(toks) > 1:
            del toks[i]
        elif op == 1:
            toks.insert(i, toks[i])
        elif op == 2:
            j = rng.randrange(len(toks))
            toks[i], toks[j] = toks[j], toks[i]
        elif op == 3:
            toks.insert(i, rng.choice("([{)]},:.;=*"))
        elif op == 4:
            if re.fullmatch(r"\d+", toks[i]) or re.fullmatch(r"\w+", toks[i]):
                toks[i] = rng.choice(INTERESTING)
        elif op == 5:
            d = rng.choice([50, 300, 2000])
            if re.fullmatch(r"\w+", toks[i]):
                toks[i] = "(" * d + toks[i] + ")" * d if rng.random() < 0.5 else "[" * d + toks[i] + "]" * d
        elif op == 6:
            if re.fullmatch(r"\d+", toks[i]):
                toks[i] = rng.choice(["-" + toks[i], str(rng.randint(-2**63, 2**63)), "10**12", "-10**12", "2**31"])
        elif op == 7:
            if toks[i] == "(":
                toks.insert(i + 1, rng.choice(["torch.ones(2), ", "'s', ", "None, ", "1.5, ", "dim=7, ", "x=1, "]))
        else:
            lines = "".join(toks).split("\n")
            k = rng.randrange(len(lines) + 1)
            lines.insert(k, rng.choice(SNIPPETS).rstrip("\n"))
            toks = tokens("\n".join(lines))
    return "".join(toks)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tdsl", required=True)
    ap.add_argument("-n", type=int, default=500)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--timeout", type=float, default=10)
    ap.add_argument("--out", default="/tmp/tdsl-fuzz")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    seeds = [p for d in SEED_DIRS if d.exists() for p in sorted(d.rglob("*.td"))]
    texts = [p.read_text(encoding="utf-8", errors="replace") for p in seeds]
    texts += ["import torch\n" + s for s in SNIPPETS]
    out = pathlib.Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        case = pathlib.Path(tmp) / "case.td"
        for n in range(a.n):
            src = mutate(rng.choice(texts), rng) if rng.random() < 0.85 else "import torch\n" + rng.choice(SNIPPETS)
            case.write_text(src, encoding="utf-8")
            try:
                r = subprocess.run([a.tdsl, "run", str(case)], capture_output=True, timeout=a.timeout,
                                   stdin=subprocess.DEVNULL)
                status = r.returncode
                err = r.stderr.decode("utf-8", "replace")
            except subprocess.TimeoutExpired:
                status, err = "timeout", ""
            if status not in (0, 1):
                bad += 1
                dest = out / f"crash_{a.seed}_{n}.td"
                dest.write_text(src, encoding="utf-8")
                print(f"[{n}] status {status}: {dest}\n    {err.strip()[-300:]}")
    print(f"{a.n} runs, {bad} crashes/timeouts")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
