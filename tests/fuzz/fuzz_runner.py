"""What the program generators (fuzz_compile.py, fuzz_guards.py) share: running
one program under `tdsl run` with a time limit, and describing where two
runs' outputs part."""
import pathlib, subprocess
from importlib.machinery import SourceFileLoader


def run(cmd, path, timeout):
    """(status or 'timeout', stdout, stderr) of `cmd path`."""
    try:
        p = subprocess.run(cmd + [str(path)], capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL)
        return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return "timeout", "", ""


def mismatch(mode, got, ref):
    """One line saying how run `got` of `mode` differs from the reference run
    `ref`: both statuses and the first differing output line (with the tail
    of stderr when the statuses differ)."""
    ol, rl = got[1].splitlines(), ref[1].splitlines()
    k = next((j for j in range(max(len(ol), len(rl)))
              if j >= len(ol) or j >= len(rl) or ol[j] != rl[j]), 0)
    return (f"{mode}: status {got[0]} vs {ref[0]}; line {k}: "
            f"{ol[k] if k < len(ol) else '<eof>'!r} vs {rl[k] if k < len(rl) else '<eof>'!r}"
            f"{chr(10) + got[2][-300:] if got[0] != ref[0] else ''}")


def load_conformance():
    """The shared conformance runner (../shared/conformance/run beside the
    checkout) as a module, for its tolerant line comparison."""
    path = pathlib.Path(__file__).resolve().parents[3] / "shared" / "conformance" / "run"
    return SourceFileLoader("conformance_run", str(path)).load_module()
