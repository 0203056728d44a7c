#!/usr/bin/env python3
"""Reinplacing benchmark (issue 5): runs bench/reinplace/*.td under tdsl. Each
script times the compiled function with and without reinplacing side by side
in one run (interleaved rounds, medians) and prints the ratio.

Usage: bench/run_reinplace.py [--tdsl build-rel/tdsl] [--calls N] [--check] [NAME...]
  --check   exit 1 when a ratio misses its target (2.5) or results differ.
Build tdsl optimized first: cmake -B build-rel -DCMAKE_BUILD_TYPE=Release."""
import argparse, pathlib, re, subprocess, sys

HERE = pathlib.Path(__file__).resolve().parent / "reinplace"
TARGET = 2.5


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tdsl", default="build-rel/tdsl")
    ap.add_argument("--calls", type=int, default=0, help="calls per round (default: the script's)")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("names", nargs="*")
    a = ap.parse_args()
    status = 0
    for case in sorted(HERE.glob("*.td")):
        if a.names and case.stem not in a.names:
            continue
        extra = [str(a.calls)] if a.calls else []
        r = subprocess.run([a.tdsl, "run", str(case), *extra], capture_output=True, text=True)
        sys.stdout.write(r.stdout)
        if r.returncode != 0:
            sys.stderr.write(r.stderr)
            status = 1
            continue
        m = re.search(r"ratio ([0-9.]+)x", r.stdout)
        if a.check and (not m or float(m.group(1)) < TARGET or "bit-identical True" not in r.stdout):
            print(f"{case.stem}: MISSED (target ratio >= {TARGET}, bit-identical results)")
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
