#!/usr/bin/env python3
"""torch.compile benchmarks: runs bench/compile/*.td under tdsl; each script
measures compiled and eager side by side in one run and prints its medians.

Usage: bench/compile/run_compile.py [--tdsl build-rel/tdsl] [NAME...]
Build tdsl in Release mode first: cmake -B build-rel -DCMAKE_BUILD_TYPE=Release."""
import argparse, pathlib, subprocess, sys

HERE = pathlib.Path(__file__).resolve().parent


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tdsl", default="build-rel/tdsl")
    ap.add_argument("names", nargs="*")
    a = ap.parse_args()
    status = 0
    for case in sorted(HERE.glob("*.td")):
        if a.names and case.stem not in a.names:
            continue
        r = subprocess.run([a.tdsl, "run", str(case)], capture_output=True, text=True)
        sys.stdout.write(r.stdout)
        if r.returncode != 0:
            sys.stderr.write(r.stderr)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
