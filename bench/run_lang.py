#!/usr/bin/env python3
"""Language benchmarks: runs each bench/lang/*.td under tdsl and under python3
(CPython), several rounds interleaved, and prints the median wall time and the
median peak resident memory of each, and the ratios tdsl/CPython (lower is
better; the target is <= 1.0 for both).

Usage: bench/run_lang.py [--tdsl build-rel/tdsl] [--python python3] [--rounds 5] [NAME...]
Build tdsl in Release mode (-O2) first: cmake -B build-rel -DCMAKE_BUILD_TYPE=Release."""
import argparse, os, pathlib, statistics, subprocess, sys, tempfile, time

HERE = pathlib.Path(__file__).resolve().parent


def timed(cmd):
    """Wall time, standard output and peak resident memory (MB) of one run."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=out, stderr=err)
        _, status, usage = os.wait4(p.pid, 0)  # this child's own rusage
        dt = time.perf_counter() - t0
        p.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if p.returncode != 0:
            sys.exit(f"{' '.join(cmd)} failed ({p.returncode}):\n{err.read()}")
        return dt, out.read(), usage.ru_maxrss / 1024.0


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
    print(f"{'benchmark':13s} {'tdsl (s)':>9s} {'cpython (s)':>11s} {'ratio':>6s}"
          f" {'tdsl (MB)':>10s} {'cpython (MB)':>12s} {'ratio':>6s}")
    worst_time = worst_memory = 0.0
    for case in cases:
        runs_t, runs_p = [], []
        for _ in range(a.rounds):
            dt, out_t, mb = timed([a.tdsl, "run", str(case)])
            runs_t.append((dt, mb))
            dt, out_p, mb = timed([a.python, str(case)])
            runs_p.append((dt, mb))
            if out_t != out_p:
                sys.exit(f"{case.name}: outputs differ\n tdsl:    {out_t!r}\n cpython: {out_p!r}")
        t = statistics.median(r[0] for r in runs_t)
        p = statistics.median(r[0] for r in runs_p)
        tm = statistics.median(r[1] for r in runs_t)
        pm = statistics.median(r[1] for r in runs_p)
        worst_time, worst_memory = max(worst_time, t / p), max(worst_memory, tm / pm)
        print(f"{case.stem:13s} {t:9.3f} {p:11.3f} {t / p:6.2f} {tm:10.1f} {pm:12.1f} {tm / pm:6.2f}")
    print(f"worst ratios: time {worst_time:.2f}, peak memory {worst_memory:.2f}")


if __name__ == "__main__":
    main()
