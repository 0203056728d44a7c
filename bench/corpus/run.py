#!/usr/bin/env python3
"""tdsl/reference wall-time ratios for the corpus programs (tests/corpus):
each program's whole run, `tdsl run` (compiled mode) against CPython 3.11 or
PyTorch 1.13, median of 3 runs each, with the manifest's arguments.

  bench/corpus/run.py --programs DIR [--tdsl build/tdsl] [NAME...]"""
import pathlib, subprocess, sys

ROOT = pathlib.Path(__file__).resolve().parents[2]

if __name__ == "__main__":
    args = sys.argv[1:]
    if "--tdsl" not in args:
        args = ["--tdsl", str(ROOT / "build" / "tdsl")] + args
    sys.exit(subprocess.call([sys.executable, str(ROOT / "tests" / "corpus" / "run_corpus.py"), "--time", *args]))
