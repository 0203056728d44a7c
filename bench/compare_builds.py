#!/usr/bin/env python3
"""Compares two tdsl builds on the same benchmark scripts, side by side in one
run: for each script, the two programs run alternately --rounds times (so both
see the same machine load), and every number the script prints is reported as
the median per build with the ratio new/old.

usage: bench/compare_builds.py --old OLD/tdsl --new NEW/tdsl [--rounds 5]
                               [--flags "--no-jit"] [SCRIPT.td ...]
Without scripts it runs bench/tensor/*.td and bench/compile/*.td, the
benchmarks issue 11 asks to compare across the layering change. A number is
every "<label> <value> <unit>" pair a script prints (e.g. "compiled 3.2 us");
labels are read from the old build's first run."""
import argparse, pathlib, re, statistics, subprocess, sys

HERE = pathlib.Path(__file__).resolve().parent
# A measurement is a segment of a line (split at ',' and ':', parenthesized
# remarks such as "(target <= 1 us)" dropped) ending in "<value> <unit>";
# the words before the value, prefixed by the line's first field and its
# segments without a value, label it.
MEASUREMENT = re.compile(r"^(.*?)\s*(-?\d+(?:\.\d+)?)\s*(us|ms|s)\b")


def numbers(text):
    """The (label, value, unit) triples of a benchmark's output, in order."""
    found = []
    for line in text.splitlines():
        line = re.sub(r"\([^)]*\)", "", line)
        head, *segments = re.split(r"[,:]", line)
        context = [head.strip()]  # segments without a measurement ("302 nodes") name the line's rows
        for segment in segments:
            m = MEASUREMENT.match(segment.strip())
            if m:
                found.append((" ".join(context + [m.group(1)]).strip(), float(m.group(2)), m.group(3)))
            elif segment.strip():
                context.append(segment.strip())
    return found


def run(tdsl, flags, script):
    r = subprocess.run([tdsl, "run", *flags, str(script)], capture_output=True, text=True, timeout=1800)
    if r.returncode != 0:
        raise RuntimeError(f"{tdsl} run {script} failed ({r.returncode}):\n{r.stderr[-2000:]}")
    return numbers(r.stdout)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--old", required=True)
    ap.add_argument("--new", required=True)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--flags", default="", help="extra `tdsl run` flags for both builds")
    ap.add_argument("scripts", nargs="*")
    a = ap.parse_args()
    scripts = [pathlib.Path(s) for s in a.scripts] or sorted(
        list((HERE / "tensor").glob("*.td")) + list((HERE / "compile").glob("*.td")))
    flags = a.flags.split()
    for script in scripts:
        old_runs, new_runs = [], []
        for _ in range(a.rounds):
            old_runs.append(run(a.old, flags, script))
            new_runs.append(run(a.new, flags, script))
        labels = [(label, unit) for label, _, unit in old_runs[0]]
        print(f"{script.stem} (medians of {a.rounds} alternating runs):")
        for i, (label, unit) in enumerate(labels):
            def median(runs):
                vals = [r[i][1] for r in runs if len(r) > i and r[i][0] == label]
                return statistics.median(vals) if vals else float("nan")
            old, new = median(old_runs), median(new_runs)
            ratio = new / old if old else float("nan")
            print(f"  {label:<40} old {old:10.3f} {unit:<2}  new {new:10.3f} {unit:<2}  new/old {ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
