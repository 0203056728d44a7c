#!/usr/bin/env python3
"""Side-by-side JIT benchmarks (issue 12): the triad a + b * c, a pointwise
chain, (sin(x)**2 + cos(x)**2) * 2 and x.sum() on 10^7 float32, x.sum(dim=1)
of a 1000 x 10^4 float32 matrix, a 512 x 512 float32 matmul, and the seed's
composed (DESIGN.md §2.5: 51,520 float64, in microseconds per call, with its
first call's milliseconds). Columns: tdsl compiled (JIT), tdsl --no-jit,
tdsl eager, PyTorch eager and torch.compile, NumPy for the sincos row, and a
hand-written C++ loop (g++ -O3 -march=native; matmul calls cblas_sgemm
directly). One thread everywhere (torch.set_num_threads(1) for tdsl and
PyTorch) except the rows marked "2 threads"; the chain row also runs the hand
loop on two OpenMP threads, which shows how far this machine's memory lets two
threads scale (the target is tdsl's 2 threads >= 1.6x its one). Prints the CPU model, the JIT's
ISA tier, medians (each program reports the median of 11 calls) and ratios.
Each round runs every program of a row once, the hand loop's too (rounds:
--repeat), so that all of them see the same machine load: this machine's
neighbours change its speed by up to 1.7x within minutes. Not a timed test.

PyTorch comes from a venv: --python PATH uses that interpreter; otherwise
bench/.venv is created when missing (python3 -m venv, then pip install torch
numpy from PyPI; a few GB). --no-torch skips the PyTorch and NumPy columns.

usage: bench/jit/run_jit.py [--tdsl build-rel/tdsl] [--repeat 3] [--python PY | --no-torch] [NAME...]"""
import argparse, os, pathlib, re, statistics, subprocess, sys, tempfile

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from reference_python import torch_python, versions  # noqa: E402
MS = re.compile(r"([\d.]+) ms")
US = re.compile(r"([\d.]+) us per call; first call ([\d.]+) ms")
STREAMING = ["triad", "chain", "sincos", "sum", "sum_dim"]
CBLAS_DIRS = ["/usr/include/x86_64-linux-gnu/openblas-pthread", "/usr/include/aarch64-linux-gnu/openblas-pthread",
              "/usr/include/openblas"]


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


def hand_loops(tmp):
    """The hand-written loops' program, compiled into `tmp`."""
    inc = next((d for d in CBLAS_DIRS if pathlib.Path(d, "cblas.h").exists()), None)
    exe = pathlib.Path(tmp) / "hand_loops"
    run(["g++", "-O3", "-march=native", "-ffp-contract=off", "-fopenmp", *([f"-I{inc}"] if inc else []), "-o", str(exe),
         str(HERE / "hand_loops.cpp"), "-lopenblas"])
    return str(exe)


HAND_LINE = re.compile(r"^(hand [\w ]+?): ([\d.]+) ms$", re.M)


def columns(tdsl, py, script, bench):
    """The programs of one row: tdsl's modes and, with `py`, PyTorch's."""
    cols = {"tdsl compiled (jit)": [tdsl, "run", script, "1"],
            "tdsl --no-jit": [tdsl, "run", "--no-jit", script, "1"],
            "tdsl eager": [tdsl, "run", "--eager", script, "1"]}
    if bench != "composed":
        cols["tdsl compiled (jit), 2 threads"] = [tdsl, "run", script, "2"]
    if py:
        cols["PyTorch eager"] = [py, script, "1", "eager"]
        if bench != "composed":
            cols["PyTorch eager, 2 threads"] = [py, script, "2", "eager"]
        cols["torch.compile"] = [py, script, "1"]
        if bench == "sincos":
            cols["NumPy"] = [py, str(HERE / "sincos_numpy.py")]
    return cols


def measure(cols, repeat, pattern, hand_cmd):
    """Medians of each column's timings (first regex group, and the second
    when present), and of each line of the hand loop's program (by name)."""
    times = {k: [] for k in cols}
    hand = {}
    for _ in range(repeat):  # interleaved, so every column sees the same machine load
        out, _ = run(hand_cmd)
        for name, ms in HAND_LINE.findall(out):
            hand.setdefault(name, []).append(float(ms))
        for k, cmd in cols.items():
            out, _ = run(cmd)
            times[k].append(pattern.search(out).groups())
    medians = {k: [statistics.median(float(g[i]) for g in v) for i in range(len(v[0]))] for k, v in times.items()}
    return medians, {k: statistics.median(v) for k, v in hand.items()}


def streaming(a, tdsl, py, hand_exe, bench):
    medians, hand = measure(columns(tdsl, py, str(HERE / f"{bench}.td"), bench), a.repeat, MS, [hand_exe, bench])
    base, pre = hand[f"hand {bench} fresh output"], hand[f"hand {bench} preallocated"]
    print(f"== {bench} ({'1000 x 10^4' if bench == 'sum_dim' else '10^7'} float32; medians of {a.repeat} runs of 11-call medians)")
    print(f"  hand loop, preallocated output   {pre:9.3f} ms")
    print(f"  hand loop, fresh output          {base:9.3f} ms  (1.00x)")
    for k, (m,) in medians.items():
        print(f"  {k:32} {m:9.3f} ms  ({m / base:.2f}x the fresh hand loop, {m / pre:.2f}x preallocated)")
    two = hand.get(f"hand {bench} 2 threads preallocated")
    if two:  # target: tdsl's 2 threads >= 1.6x its 1 thread; the hand loop shows what the machine allows
        one, jit_two = medians["tdsl compiled (jit)"][0], medians["tdsl compiled (jit), 2 threads"][0]
        print(f"  hand loop, 2 threads (OpenMP)    {two:9.3f} ms  (2 threads vs 1, preallocated: hand {pre / two:.2f}x,"
              f" tdsl compiled {one / jit_two:.2f}x)")


def matmul(a, tdsl, py, hand_exe):
    """512 x 512 float32 (target: within 5 % of cblas_sgemm at the same thread count)."""
    medians, hand = measure(columns(tdsl, py, str(HERE / "matmul.td"), "matmul"), a.repeat, MS, [hand_exe, "matmul"])
    print(f"== matmul (512 x 512 float32; medians of {a.repeat} runs of 11-call medians; ratios against cblas_sgemm"
          " into a fresh output at the same thread count)")
    for threads, suffix in [(1, ""), (2, " 2 threads")]:
        print(f"  cblas_sgemm{suffix or ', 1 thread':21} {hand[f'hand matmul{suffix} fresh output']:9.3f} ms"
              f"  (preallocated output {hand[f'hand matmul{suffix} preallocated']:.3f} ms)")
    for k, (m,) in medians.items():
        base = hand["hand matmul 2 threads fresh output" if "2 threads" in k else "hand matmul fresh output"]
        print(f"  {k:32} {m:9.3f} ms  ({m / base:.2f}x cblas_sgemm)")


def composed(a, tdsl, py, hand_exe):
    """The seed's composed: microseconds per call (targets: compiled <= 1.2x
    the hand loop, >= 5x faster than torch.compile; first call <= 5 ms)."""
    medians, hand = measure(columns(tdsl, py, str(HERE / "composed.td"), "composed"), a.repeat, US,
                            [hand_exe, "composed"])
    base = hand["hand composed preallocated"] * 1e3
    print(f"== composed (51,520 float64; medians of {a.repeat} runs of 15-round medians of 200 calls)")
    print(f"  hand loop                        {base:9.3f} us  (1.00x)")
    for k, (m, first) in medians.items():
        print(f"  {k:32} {m:9.3f} us  ({m / base:.2f}x the hand loop; first call {first:.3f} ms)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tdsl", default="build-rel/tdsl")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--python", help="a Python with torch and numpy for the reference columns")
    ap.add_argument("--no-torch", action="store_true", help="skip the PyTorch and NumPy columns")
    ap.add_argument("names", nargs="*", help="rows to run (default: all)")
    a = ap.parse_args()
    tdsl = str(pathlib.Path(a.tdsl).resolve())
    _, err = run([tdsl, "run", "--log", "code", str(HERE / "triad.td")])
    tier = re.search(r"kernel \[(\w+) ", err)
    py = None if a.no_torch else torch_python(a.python)
    print(f"CPU: {cpu_model()}; JIT tier: {tier.group(1) if tier else 'none'}"
          f"{' (TDSL_ISA=' + os.environ['TDSL_ISA'] + ')' if os.environ.get('TDSL_ISA') else ''}; "
          f"{versions(py) if py else 'no PyTorch'}; one thread unless a row says 2")
    wanted = lambda name: not a.names or name in a.names
    with tempfile.TemporaryDirectory() as tmp:
        hand = hand_loops(tmp)
        if wanted("composed"):
            composed(a, tdsl, py, hand)
        for bench in STREAMING:
            if wanted(bench):
                streaming(a, tdsl, py, hand, bench)
        if wanted("matmul"):
            matmul(a, tdsl, py, hand)


if __name__ == "__main__":
    main()
