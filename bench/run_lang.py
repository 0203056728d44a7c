#!/usr/bin/env python3
"""Language benchmarks: runs each bench/lang/*.td under tdsl and under python3
(CPython), several rounds interleaved, and prints the median wall time of each
and the ratio tdsl/CPython (lower is better; the target is <= 1.0).

Usage: bench/run_lang.py [--tdsl build-rel/tdsl] [--python python3] [--rounds 5] [NAME...]
Build tdsl in Release mode (-O2) first: cmake -B build-rel -DCMAKE_BUILD_TYPE=Release."""
import argparse, pathlib, statistics, subprocess, sys, time

HERE = pathlib.Path(__file__).resolve().parent


def timed(cmd):
    t0 = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, text=True)
    dt = time.perf_counter() - t0
    if r.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed ({r.returncode}):\n{r.stderr}")
    return dt, r.stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tdsl", default="build-rel/tdsl")
    ap.add_argument("--python", default="python3")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("names", nargs="*")
    a = ap.parse_args()
    # Time the interpreter itself, not a launcher in front of it (pyenv's
    # python3 shim is a shell script that adds ~0.15 s to every run).
    a.python = subprocess.run([a.python, "-c", "import sys; print(sys.executable)"],
                              capture_output=True, text=True, check=True).stdout.strip()
    print(f"cpython: {a.python}")
    cases = sorted((HERE / "lang").glob("*.td"))
    if a.names:
        cases = [c for c in cases if c.stem in a.names]
    print(f"{'benchmark':12s} {'tdsl (s)':>10s} {'cpython (s)':>12s} {'ratio':>7s}")
    worst = 0.0
    for case in cases:
        t_times, p_times = [], []
        for _ in range(a.rounds):
            dt, out_t = timed([a.tdsl, "run", str(case)])
            t_times.append(dt)
            dt, out_p = timed([a.python, str(case)])
            p_times.append(dt)
            if out_t != out_p:
                sys.exit(f"{case.name}: outputs differ\n tdsl:    {out_t!r}\n cpython: {out_p!r}")
        t, p = statistics.median(t_times), statistics.median(p_times)
        worst = max(worst, t / p)
        print(f"{case.stem:12s} {t:10.3f} {p:12.3f} {t / p:7.2f}")
    print(f"worst ratio {worst:.2f}")


if __name__ == "__main__":
    main()
