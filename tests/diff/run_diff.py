#!/usr/bin/env python3
"""Differential harness (developer tool, not part of ctest): runs every
tests/diff/cases/*.td under `tdsl run` and under the reference interpreter
(/usr/bin/python3 with Debian's python3-torch) and compares standard output.

Lines are compared with the conformance runner's tolerance (integers exactly,
floats to a relative 1e-6 or to the last printed decimal; see the top of
/work/shared/conformance/run). When the reference exits with an error, tdsl must
exit with status 1 too (the error text need not match); stdout printed before
the error is still compared. A status other than 0/1 from tdsl is a crash.

Usage: run_diff.py [--tdsl PATH] [--python PATH] [-k SUBSTRING]... [-v]
                   [--freeze]
--freeze writes NAME.expected beside each case whose tdsl output equals the
reference output EXACTLY (the format of tests/run_scripts.py, which ctest's
scripts.MODE tests run on tests/diff/cases in place). For a case that errors
it adds '#! error' and '#! stderr: ' with tdsl's 'NAME.td:LINE:COL: error:
MESSAGE' line, and freezes it only when MESSAGE is the reference's exception
message and LINE the line of its innermost frame in the case."""
import argparse, importlib.machinery, importlib.util, pathlib, re, subprocess, sys

HERE = pathlib.Path(__file__).resolve().parent
CONFORMANCE_RUN = pathlib.Path("/work/shared/conformance/run")


def load_line_matcher():
    try:
        loader = importlib.machinery.SourceFileLoader("conformance_run", str(CONFORMANCE_RUN))
        spec = importlib.util.spec_from_loader("conformance_run", loader)
        mod = importlib.util.module_from_spec(spec)
        loader.exec_module(mod)
        return mod.line_matches
    except (OSError, ImportError):
        return lambda e, a: e.rstrip() == a.rstrip()


def run(cmd, cwd, timeout):
    try:
        r = subprocess.run(cmd, cwd=cwd, capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return None, "", "timed out"
    return r.returncode, r.stdout.decode("utf-8", "replace"), r.stderr.decode("utf-8", "replace")


def error_line(case, err, err_ref):
    """tdsl's first error line when its message and line are the reference's
    (the reference's exception message and its innermost frame in `case`),
    else (None, why)."""
    first = err.splitlines()[0] if err else ""
    m = re.match(re.escape(case.name) + r":(\d+):\d+: error: (.*)$", first)
    if not m:
        return None, f"no '{case.name}:LINE:COL: error:' line: {first}"
    frames = re.findall(r'File "[^"]*' + re.escape(case.name) + r'", line (\d+)', err_ref)
    excs = re.findall(r"^(\w+(?:Error|Exception|Exit|Interrupt))(?:: (.*))?$", err_ref, re.M)
    if not frames or not excs:
        return None, "no reference frame or exception line"
    if m.group(1) != frames[-1]:
        return None, f"line {m.group(1)}, reference line {frames[-1]}"
    kind, ref_message = excs[-1]  # a message of several lines: its first
    if m.group(2) not in (ref_message or kind, f"{kind}: {ref_message}"):
        return None, f"message {m.group(2)!r}, reference {kind}: {ref_message!r}"
    return first, None


def compare(case, tdsl, python, line_matches, timeout):
    """Returns (problem or None, exact_match, ref_stdout, ref_failed, tdsl_stderr, ref_stderr)."""
    rc_ref, out_ref, err_ref = run([python, case.name], case.parent, timeout)
    if rc_ref is None:
        return "reference timed out", False, "", False, "", ""
    rc, out, err = run([tdsl, "run", case.name], case.parent, timeout)
    if rc is None:
        return "tdsl timed out", False, out_ref, rc_ref != 0, "", err_ref
    if rc not in (0, 1):
        return f"tdsl crashed (status {rc})\n{err[-600:]}", False, out_ref, rc_ref != 0, err, err_ref
    if (rc_ref != 0) != (rc != 0):
        what = "tdsl errored, reference did not" if rc else "reference errored, tdsl did not"
        tail = err if rc else err_ref
        return f"{what}\n{tail.strip()[-600:]}", False, out_ref, rc_ref != 0, err, err_ref
    e_lines, a_lines = out_ref.splitlines(), out.splitlines()
    for i in range(max(len(e_lines), len(a_lines))):
        e = e_lines[i] if i < len(e_lines) else "<no line>"
        a = a_lines[i] if i < len(a_lines) else "<no line>"
        if not line_matches(e, a):
            return f"stdout line {i + 1}:\n  reference: {e}\n  tdsl:      {a}", False, out_ref, rc_ref != 0, err, err_ref
    return None, out == out_ref, out_ref, rc_ref != 0, err, err_ref


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tdsl", default=str(HERE.parent.parent / "build" / "tdsl"))
    ap.add_argument("--python", default="/usr/bin/python3")
    ap.add_argument("--cases", default=str(HERE / "cases"))
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("-k", action="append", default=[])
    ap.add_argument("-v", action="store_true")
    ap.add_argument("--freeze", action="store_true", help="write NAME.expected for exactly-matching cases")
    a = ap.parse_args()
    line_matches = load_line_matcher()
    tdsl = str(pathlib.Path(a.tdsl).resolve())
    cases = sorted(pathlib.Path(a.cases).glob("*.td"))
    if a.k:
        cases = [c for c in cases if any(k in c.name for k in a.k)]
    passed = failed = frozen = 0
    for case in cases:
        problem, exact, ref_out, ref_failed, err, err_ref = compare(case, tdsl, a.python, line_matches, a.timeout)
        if problem:
            failed += 1
            print(f"FAIL {case.name}: {problem}")
            continue
        passed += 1
        if a.v:
            print(f"ok   {case.name}{'' if exact else ' (within tolerance)'}")
        if a.freeze and exact:
            text = ref_out
            if ref_failed:
                line, why = error_line(case, err, err_ref)
                if line is None:
                    print(f"not frozen {case.name}: the error differs from the reference's: {why}")
                    continue
                text += f"#! error\n#! stderr: {line}\n"
            case.with_suffix(".expected").write_text(text, encoding="utf-8")
            frozen += 1
    print(f"{passed} passed, {failed} failed" + (f", {frozen} frozen" if a.freeze else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
