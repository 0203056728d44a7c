#!/usr/bin/env python3
"""Runs the tensor benchmarks (bench/tensor/*.td) under tdsl and under
CPython + PyTorch for comparison (the venv of bench/reference_python.py, or
--python PY; --no-torch skips it).

usage: bench/run_tensor.py [--tdsl build-rel/tdsl] [--repeat 3] [-k NAME] [--python PY | --no-torch]
Each script prints one line "NAME: ..., X us per iteration" (the same script
runs on both sides: eager PyTorch, or torch.compile where the script compiles);
tdsl and PyTorch runs are interleaved, --repeat rounds each, and the medians
are reported with their ratio and the target from TARGETS_US when there is one."""
import argparse, pathlib, re, statistics, subprocess, sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from reference_python import torch_python, versions  # noqa: E402
TARGETS_US = {"eager_add": 0.3}  # DESIGN.md §2.7: a tiny-tensor op well under a microsecond
PER_ITER = re.compile(r"([\d.]+) us per iteration")


def cpu_model():
    for line in pathlib.Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            return "CPU: " + line.split(":", 1)[1].strip()
    return "CPU: unknown"


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({r.returncode}):\n{r.stderr[-2000:]}")
    m = PER_ITER.search(r.stdout)
    if not m:
        raise RuntimeError(f"no timing line in output of {' '.join(cmd)}:\n{r.stdout}")
    return float(m.group(1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tdsl", default="build-rel/tdsl")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("-k", default="")
    ap.add_argument("--python", help="a Python with torch for the reference side")
    ap.add_argument("--no-torch", action="store_true")
    a = ap.parse_args()
    py = None if a.no_torch else torch_python(a.python)
    have_torch = py is not None
    print(cpu_model())
    print(versions(py) if py else "no PyTorch comparison (--no-torch)")
    failed = False
    for script in sorted((HERE / "tensor").glob("*.td")):
        name = script.stem
        if a.k and a.k not in name:
            continue
        ours, theirs = [], []
        for _ in range(a.repeat):  # interleaved, so both see the same machine load
            ours.append(run([a.tdsl, "run", str(script)]))
            if have_torch:
                theirs.append(run([py, str(script)]))
        median = statistics.median(ours)
        line = f"{name}: tdsl {median:.3f} us/iter (median of {a.repeat})"
        target = TARGETS_US.get(name)
        if target is not None:
            ok = median <= target
            failed |= not ok
            line += f" (target <= {target} us: {'ok' if ok else 'MISSED'})"
        if have_torch:
            ref = statistics.median(theirs)
            line += f", PyTorch {ref:.3f} us/iter (PyTorch/tdsl {ref / median:.1f}x)"
        print(line)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
