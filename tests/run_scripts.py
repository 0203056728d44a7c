#!/usr/bin/env python3
"""Runs every tests/scripts/**/NAME.td under `tdsl run` in one execution mode and
compares standard output with NAME.expected, exactly.

Directive lines in an .expected file (anywhere, removed before comparing):
  #! error             the run must exit with status 1 (a script error, no crash)
  #! stderr: TEXT      standard error must contain TEXT
  #! args: A B         extra arguments after the script name (sys.argv)
  #! stdin: TEXT       standard input (\\n for newlines)
  #! skip MODE: WHY    do not run in MODE (the reason is required)
Modes: eager (`--eager`: torch.compile is the identity), compiled (default backend).
Closes with 'N passed, N failed'."""
import argparse, pathlib, subprocess, sys

MODE_FLAGS = {"eager": ["--eager"], "compiled": []}


def run_case(td, tdsl, mode):
    lines = td.with_suffix(".expected").read_text(encoding="utf-8").splitlines()
    directives = [l[2:].strip() for l in lines if l.startswith("#!")]
    expected = [l for l in lines if not l.startswith("#!")]
    for d in directives:
        if d.startswith(f"skip {mode}:"):
            return "skip"
    args = next((d.split(":", 1)[1].split() for d in directives if d.startswith("args:")), [])
    stdin = next((d.split(":", 1)[1].strip().replace("\\n", "\n") for d in directives
                  if d.startswith("stdin:")), "")
    want_error = "error" in directives
    cmd = [tdsl, "run", *MODE_FLAGS[mode], td.name, *args]
    try:
        r = subprocess.run(cmd, cwd=td.parent, input=stdin.encode(), capture_output=True, timeout=60)
    except subprocess.TimeoutExpired:
        return "timed out"
    out = r.stdout.decode("utf-8", "replace").splitlines()
    err = r.stderr.decode("utf-8", "replace")
    if r.returncode < 0 or r.returncode > 2:
        return f"crashed (status {r.returncode})\n{err[-800:]}"
    if want_error != (r.returncode == 1):
        return f"exit status {r.returncode}\n{err[-800:]}"
    for d in directives:
        if d.startswith("stderr:"):
            needle = d.split(":", 1)[1].strip()
            if needle not in err:
                return f"stderr lacks {needle!r}:\n{err[-800:]}"
    if out != expected:
        for i in range(max(len(out), len(expected))):
            e = expected[i] if i < len(expected) else "<no line>"
            a = out[i] if i < len(out) else "<no line>"
            if e != a:
                return f"stdout line {i + 1}:\n  expected: {e}\n  actual:   {a}"
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tdsl", required=True)
    ap.add_argument("--mode", choices=MODE_FLAGS, default="eager")
    ap.add_argument("-k", action="append", default=[])
    ap.add_argument("dirs", nargs="+")
    a = ap.parse_args()
    cases = sorted(p for d in a.dirs for p in pathlib.Path(d).rglob("*.td")
                   if p.with_suffix(".expected").exists())
    if a.k:
        cases = [c for c in cases if any(k in str(c) for k in a.k)]
    passed = failed = skipped = 0
    for c in cases:
        res = run_case(c, str(pathlib.Path(a.tdsl).resolve()), a.mode)
        if res == "skip":
            skipped += 1
        elif res is None:
            passed += 1
        else:
            failed += 1
            print(f"FAIL [{a.mode}] {c}: {res}")
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    sys.exit(1 if failed or passed == 0 else 0)


if __name__ == "__main__":
    main()
