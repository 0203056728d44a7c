#!/usr/bin/env python3
"""Runs every NAME.td that has a NAME.expected beside it (under the given
directories) under `tdsl run` in one or more execution modes and compares
standard output with NAME.expected, exactly.

Directive lines in an .expected file (anywhere, removed before comparing):
  #! error             the run must exit with status 1 (a script error, no crash)
  #! stderr: TEXT      standard error must contain TEXT
  #! args: A B         extra arguments after the script name (sys.argv)
  #! stdin: TEXT       standard input (\\n for newlines)
  #! skip MODE: WHY    do not run in MODE (the reason is required)
Modes: eager (`--eager`: torch.compile is the identity), compiled (the default
backend, tdsl), aot_eager (`--backend aot_eager`). The compiled modes verify
the graph after every pass (`--verify-passes`).

Note [Identical across modes]
With several modes (`--modes eager,compiled,aot_eager`), every case must also
behave identically in each mode it is not skipped in: the same standard
output, exit status and standard error. Matching the .expected file does
not imply this, as `#! stderr:` checks only part of standard error: an error
raised in compiled code must say what eager says, at the same place.
Standard error is compared without torch.compile's own warnings (lines
starting 'torch.compile: ', like the recompile limit's, as PyTorch's dynamo
warnings), which exist only where a function is compiled.
`--save FILE` writes one mode's results, `--compare FILE...` checks saved
results against each other, so ctest runs each mode once (scripts.MODE) and
compares afterwards (scripts.cross_mode).
Closes with 'N passed, N failed'."""
import argparse, json, pathlib, subprocess, sys

MODE_FLAGS = {
    "eager": ["--eager"],
    "compiled": ["--verify-passes"],
    "aot_eager": ["--backend", "aot_eager", "--verify-passes"],
}


def read_expected(td):
    lines = td.with_suffix(".expected").read_text(encoding="utf-8").splitlines()
    directives = [l[2:].strip() for l in lines if l.startswith("#!")]
    expected = [l for l in lines if not l.startswith("#!")]
    return directives, expected


def skipped_in(directives, mode):
    return any(d.startswith(f"skip {mode}:") for d in directives)


def execute(td, tdsl, mode, directives, timeout=60):
    """The run's (status, stdout, stderr); status None when it timed out."""
    args = next((d.split(":", 1)[1].split() for d in directives if d.startswith("args:")), [])
    stdin = next((d.split(":", 1)[1].strip().replace("\\n", "\n") for d in directives
                  if d.startswith("stdin:")), "")
    cmd = [tdsl, "run", *MODE_FLAGS[mode], td.name, *args]
    try:
        r = subprocess.run(cmd, cwd=td.parent, input=stdin.encode(), capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "", ""
    return r.returncode, r.stdout.decode("utf-8", "replace"), r.stderr.decode("utf-8", "replace")


def check(result, directives, expected):
    """None when the run matches the .expected file, else what went wrong."""
    status, stdout, err = result
    if status is None:
        return "timed out"
    if status < 0 or status > 2:
        return f"crashed (status {status})\n{err[-800:]}"
    want_error = "error" in directives
    if want_error != (status == 1):
        return f"exit status {status}\n{err[-800:]}"
    for d in directives:
        if d.startswith("stderr:"):
            needle = d.split(":", 1)[1].strip()
            if needle not in err:
                return f"stderr lacks {needle!r}:\n{err[-800:]}"
    out = stdout.splitlines()
    if out != expected:
        for i in range(max(len(out), len(expected))):
            e = expected[i] if i < len(expected) else "<no line>"
            a = out[i] if i < len(out) else "<no line>"
            if e != a:
                return f"stdout line {i + 1}:\n  expected: {e}\n  actual:   {a}"
    return None


def first_difference(a, b):
    a_lines, b_lines = a.splitlines(), b.splitlines()
    for i in range(max(len(a_lines), len(b_lines))):
        x = a_lines[i] if i < len(a_lines) else "<no line>"
        y = b_lines[i] if i < len(b_lines) else "<no line>"
        if x != y:
            return i + 1, x, y
    return None


def without_compile_warnings(err):
    return "".join(l for l in err.splitlines(keepends=True) if not l.startswith("torch.compile: "))


def cross_mode_problem(results):
    """Note [Identical across modes]: `results` maps mode -> (status, stdout, stderr)
    for the modes a case ran in; None when they all agree."""
    modes = list(results)
    base = modes[0]
    for other in modes[1:]:
        for what, i in (("exit status", 0), ("stdout", 1), ("stderr", 2)):
            x, y = results[base][i], results[other][i]
            if i == 2:
                x, y = without_compile_warnings(x), without_compile_warnings(y)
            if x == y:
                continue
            if i == 0:
                return f"exit status: {base} {x}, {other} {y}"
            line, lx, ly = first_difference(x, y)
            return f"{what} line {line}:\n  {base + ':':11}{lx}\n  {other + ':':11}{ly}"
    return None


def find_cases(dirs, filters):
    cases = sorted(p.resolve() for d in dirs for p in pathlib.Path(d).rglob("*.td")
                   if p.with_suffix(".expected").exists())
    return [c for c in cases if not filters or any(k in str(c) for k in filters)]


def run_modes(cases, tdsl, modes, timeout=60):
    """Runs and checks every case in every mode. Returns (failures, results) with
    results[mode][case] = (status, stdout, stderr) for the runs that happened."""
    failed = passed = skipped = 0
    results = {m: {} for m in modes}
    for c in cases:
        directives, expected = read_expected(c)
        for mode in modes:
            if skipped_in(directives, mode):
                skipped += 1
                continue
            res = execute(c, tdsl, mode, directives, timeout)
            results[mode][str(c)] = res
            problem = check(res, directives, expected)
            if problem is None:
                passed += 1
            else:
                failed += 1
                print(f"FAIL [{mode}] {c}: {problem}")
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return failed, passed, results


def compare_modes(results):
    """Note [Identical across modes] for every case run in at least two modes."""
    cases = sorted(set(c for per_mode in results.values() for c in per_mode))
    passed = failed = 0
    for c in cases:
        ran = {m: tuple(per_mode[c]) for m, per_mode in results.items() if c in per_mode}
        if len(ran) < 2:
            continue
        problem = cross_mode_problem(ran)
        if problem is None:
            passed += 1
        else:
            failed += 1
            print(f"FAIL [{' vs '.join(ran)}] {c}: {problem}")
    print(f"cross-mode: {passed} passed, {failed} failed")
    return failed, passed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tdsl")
    ap.add_argument("--mode", choices=MODE_FLAGS, help="one mode (the default: eager)")
    ap.add_argument("--modes", help="comma-separated modes, also compared with each other")
    ap.add_argument("--save", help="write this run's results here (JSON) for --compare")
    ap.add_argument("--compare", nargs="+", metavar="FILE",
                    help="compare results saved by --save across modes (no runs)")
    ap.add_argument("-k", action="append", default=[])
    ap.add_argument("--timeout", type=float, default=60,
                    help="seconds one script may run (sanitizer builds run several times slower)")
    ap.add_argument("dirs", nargs="*")
    a = ap.parse_args()
    if a.compare:
        results = {}
        for f in a.compare:
            saved = json.loads(pathlib.Path(f).read_text(encoding="utf-8"))
            results[saved["mode"]] = saved["results"]
        failed, passed = compare_modes(results)
        sys.exit(1 if failed or passed == 0 else 0)
    if not a.tdsl or not a.dirs:
        ap.error("--tdsl and at least one directory are needed to run cases")
    modes = a.modes.split(",") if a.modes else [a.mode or "eager"]
    for m in modes:
        if m not in MODE_FLAGS:
            ap.error(f"unknown mode {m!r} (known: {', '.join(MODE_FLAGS)})")
    cases = find_cases(a.dirs, a.k)
    failed, passed, results = run_modes(cases, str(pathlib.Path(a.tdsl).resolve()), modes, a.timeout)
    if a.save:
        if len(modes) != 1:
            ap.error("--save takes one mode")
        pathlib.Path(a.save).parent.mkdir(parents=True, exist_ok=True)
        pathlib.Path(a.save).write_text(json.dumps({"mode": modes[0], "results": results[modes[0]]}),
                                        encoding="utf-8")
    if len(modes) > 1:
        cross_failed, cross_passed = compare_modes(results)
        failed += cross_failed
    sys.exit(1 if failed or passed == 0 else 0)


if __name__ == "__main__":
    main()
