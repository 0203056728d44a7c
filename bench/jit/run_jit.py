#!/usr/bin/env python3
"""Side-by-side JIT benchmarks (issue 12): the triad a + b * c, a pointwise
chain, (sin(x)**2 + cos(x)**2) * 2 and x.sum() on 10^7 float32, x.sum(dim=1)
of a 1000 x 10^4 float32 matrix, and the seed's composed (DESIGN.md §2.5:
51,520 float64, in microseconds per call, with its first call's milliseconds), tdsl compiled (JIT) against tdsl --no-jit, tdsl eager,
PyTorch eager (when /usr/bin/python3 has torch), NumPy for the sincos row and a hand-written C++ loop
(g++ -O3 -march=native), one thread everywhere (torch.set_num_threads(1) for
tdsl and PyTorch) except the rows marked "2 threads" (triad, chain, sum, sum_dim).
Prints the CPU model, the JIT's ISA tier, medians
(each program reports the median of 11 calls) and ratios. Not a timed test.

usage: bench/jit/run_jit.py [--tdsl build/tdsl] [--repeat 3]"""
import argparse, os, pathlib, re, statistics, subprocess, tempfile

HERE = pathlib.Path(__file__).resolve().parent
MS = re.compile(r"([\d.]+) ms")
US = re.compile(r"([\d.]+) us per call; first call ([\d.]+) ms")


def run(cmd, env=None):
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=900, env=env)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, cmd))} failed:\n{r.stderr[-2000:]}")
    return r.stdout, r.stderr


def cpu_model():
    for line in open("/proc/cpuinfo"):
        if line.startswith("model name"):
            return line.split(":", 1)[1].strip()
    return "unknown"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tdsl", default="build/tdsl")
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    tdsl = str(pathlib.Path(a.tdsl).resolve())
    _, err = run([tdsl, "run", "--log", "code", str(HERE / "triad.td")])
    tier = re.search(r"kernel \[(\w+) ", err)
    print(f"CPU: {cpu_model()}; JIT tier: {tier.group(1) if tier else 'none'}"
          f"{' (TDSL_ISA=' + os.environ['TDSL_ISA'] + ')' if os.environ.get('TDSL_ISA') else ''}; one thread unless a row says 2")
    with tempfile.TemporaryDirectory() as tmp:
        exe = pathlib.Path(tmp) / "hand_loops"
        run(["g++", "-O3", "-march=native", "-ffp-contract=off", "-o", str(exe), str(HERE / "hand_loops.cpp")])
        hand = {}
        for _ in range(a.repeat):
            out, _ = run([str(exe)])
            for line in out.splitlines():
                name, ms = line.split(":")
                hand.setdefault(name, []).append(float(MS.search(ms).group(1)))
    have_torch = subprocess.run(["/usr/bin/python3", "-c", "import torch"], capture_output=True).returncode == 0
    have_numpy = subprocess.run(["/usr/bin/python3", "-c", "import numpy"], capture_output=True).returncode == 0
    composed(a, tdsl, hand, have_torch)
    for bench in ["triad", "chain", "sincos", "sum", "sum_dim"]:
        script = str(HERE / f"{bench}.td")
        threads = ["1"] if bench != "sincos" else []  # sincos.td takes no thread argument
        cols = {"tdsl compiled (jit)": [tdsl, "run", script, *threads],
                "tdsl --no-jit": [tdsl, "run", "--no-jit", script, *threads],
                "tdsl eager": [tdsl, "run", "--eager", script, *threads]}
        if threads:
            cols["tdsl compiled (jit), 2 threads"] = [tdsl, "run", script, "2"]
        if have_torch:
            cols["PyTorch eager"] = ["/usr/bin/python3", script, *threads]
            if threads:
                cols["PyTorch eager, 2 threads"] = ["/usr/bin/python3", script, "2"]
        if bench == "sincos" and have_numpy:
            cols["NumPy"] = ["/usr/bin/python3", str(HERE / "sincos_numpy.py")]
        times = {k: [] for k in cols}
        for _ in range(a.repeat):
            for k, cmd in cols.items():
                out, _ = run(cmd)
                times[k].append(float(MS.search(out).group(1)))
        base = statistics.median(hand[f"hand {bench} fresh output"])
        pre = statistics.median(hand[f"hand {bench} preallocated"])
        print(f"== {bench} ({'1000 x 10^4' if bench == 'sum_dim' else '10^7'} float32; medians of {a.repeat} runs of 11-call medians)")
        print(f"  hand loop, preallocated output   {pre:9.3f} ms")
        print(f"  hand loop, fresh output          {base:9.3f} ms  (1.00x)")
        for k, v in times.items():
            m = statistics.median(v)
            print(f"  {k:32} {m:9.3f} ms  ({m / base:.2f}x the fresh hand loop, {m / pre:.2f}x preallocated)")


def composed(a, tdsl, hand, have_torch):
    """The seed's composed: microseconds per call (targets: compiled <= 1.2x
    the hand loop; first call <= 5 ms)."""
    script = str(HERE / "composed.td")
    cols = {"tdsl compiled (jit)": [tdsl, "run", script, "1"],
            "tdsl --no-jit": [tdsl, "run", "--no-jit", script, "1"],
            "tdsl eager": [tdsl, "run", "--eager", script, "1"]}
    if have_torch:
        cols["PyTorch eager"] = ["/usr/bin/python3", script, "1"]
    times = {k: [] for k in cols}
    firsts = {k: [] for k in cols}
    for _ in range(a.repeat):
        for k, cmd in cols.items():
            out, _ = run(cmd)
            m = US.search(out)
            times[k].append(float(m.group(1)))
            firsts[k].append(float(m.group(2)))
    base = statistics.median(hand["hand composed preallocated"]) * 1e3
    print(f"== composed (51,520 float64; medians of {a.repeat} runs of 15-round medians of 200 calls)")
    print(f"  hand loop                        {base:9.3f} us  (1.00x)")
    for k, v in times.items():
        m = statistics.median(v)
        print(f"  {k:32} {m:9.3f} us  ({m / base:.2f}x the hand loop; first call {statistics.median(firsts[k]):.3f} ms)")


if __name__ == "__main__":
    main()
