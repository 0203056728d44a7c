#!/usr/bin/env python3
"""Runs the corpus of public programs (tests/corpus/MANIFEST) under `tdsl run`
and compares their standard output with the reference interpreter's
(CPython 3.11 for pure-Python programs, PyTorch 1.13's /usr/bin/python3 for
tensor programs), frozen in tests/corpus/expected/NAME.out.

The programs' text is not in this repository (see SOURCES.md: each one is
recorded by repository, path, commit and license); --programs names the
directory that holds them, under the file names the manifest gives.

  run_corpus.py --tdsl build/tdsl --programs DIR [--mode eager|compiled] [NAME...]
      check each program (every one when no NAME) in one mode
  run_corpus.py --freeze --programs DIR [NAME...]
      run the reference interpreter and write expected/NAME.out
  run_corpus.py --time --tdsl build/tdsl --programs DIR [NAME...]
      print tdsl/reference wall-time ratios (median of 3 runs each)

Note [Corpus comparison]
Output is compared line by line after the manifest's `compare` rule:
`exact` (the default), or `rtol=R`, where every number must be within a
relative R of the reference's and the text around the numbers must be equal
(float32 tensor programs: PyTorch's vectorized reductions sum in another
order, so the last bits of a loss differ after hundreds of steps).
Programs that draw random numbers without seeding get `seed = S`: the
reference run seeds torch with S before executing the unchanged program text,
S being PyTorch's documented default seed (67280421310721), which tdsl's
generator starts from; PyTorch 1.13 itself starts from a random seed.
pyperformance programs import `pyperf`; harness/pyperf.py stands in for it
(runs each benchmark once and prints only deterministic results).

Note [Pinned sgemm kernel]
tdsl's matmul and the reference PyTorch 1.13 (Debian's, linked to Debian's
OpenBLAS) call the same sgemm, but OpenBLAS picks its kernel by CPU at load
time, and after hundreds of float32 training steps the kernels' different
summation orders move a loss by up to 1.6 %. The reference outputs were frozen
with the Haswell kernel (AVX2 + FMA, also what OpenBLAS picks on AMD Zen 2/3),
so an entry with `openblas_coretype = K` runs both sides with
OPENBLAS_CORETYPE=K. With it, tdsl matches the frozen losses to ~1e-7 on a
machine whose own pick is another kernel (seen: AVX-512 EPYC). On a CPU that
cannot run K (no AVX2 + FMA, or not x86-64) the variable is not set and the
runner says so: the comparison then depends on the machine."""
import argparse, configparser, os, pathlib, platform, re, shutil, statistics, subprocess, sys, tempfile, time

HERE = pathlib.Path(__file__).resolve().parent
MODE_FLAGS = {"eager": ["--eager"], "compiled": []}
NUMBER = re.compile(r"-?\d+\.?\d*(?:[eE][-+]?\d+)?")
# CPython resolved to its executable: a pyenv shim costs ~0.3 s a start, which would skew --time.
CPYTHON = subprocess.run(["python3", "-c", "import sys; print(sys.executable)"],
                         capture_output=True, text=True).stdout.strip() or "python3"
REFERENCE = {"cpython": CPYTHON, "torch": "/usr/bin/python3"}
SEEDED_RUN = ("import sys, torch; torch.manual_seed(int(sys.argv[1])); f = sys.argv[2]; "
              "sys.argv = sys.argv[2:]; exec(compile(open(f).read(), f, 'exec'), {'__name__': '__main__'})")


def load_manifest():
    cp = configparser.ConfigParser(interpolation=None)
    cp.read(HERE / "MANIFEST", encoding="utf-8")
    return {name: dict(cp[name]) for name in cp.sections()}


def workdir(entry, programs):
    """A fresh directory holding the program and, for every interpreter, the pyperf stand-in."""
    d = pathlib.Path(tempfile.mkdtemp(prefix="tdsl-corpus-"))
    shutil.copy(programs / entry["file"], d / entry["file"])
    harness = HERE / "harness" / "pyperf.py"
    shutil.copy(harness, d / "pyperf.py")
    shutil.copy(harness, d / "pyperf.td")
    return d


def command(entry, interpreter, mode=None):
    args = entry.get("args", "").split()
    if interpreter == "tdsl":
        return [ARGS.tdsl, "run", *MODE_FLAGS[mode], entry["file"], *args]
    python = REFERENCE[entry.get("reference", "cpython")]
    if "seed" in entry:
        return [python, "-c", SEEDED_RUN, entry["seed"], entry["file"], *args]
    return [python, entry["file"], *args]


# The CPU flags each pinnable OpenBLAS kernel needs (x86-64).
KERNEL_FLAGS = {"Haswell": {"avx2", "fma"}}


def cpu_runs(kernel):
    try:
        flags = set(next(l for l in open("/proc/cpuinfo") if l.startswith("flags")).split())
    except (OSError, StopIteration):
        return False
    return platform.machine() == "x86_64" and kernel in KERNEL_FLAGS and KERNEL_FLAGS[kernel] <= flags


def environment(entry):
    """The environment a run of `entry` gets (Note [Pinned sgemm kernel])."""
    env = dict(os.environ)
    kernel = entry.get("openblas_coretype")
    if kernel and cpu_runs(kernel):
        env["OPENBLAS_CORETYPE"] = kernel
    elif kernel:
        print(f"note: this CPU cannot run OpenBLAS's {kernel} kernel; {entry['file']}'s output depends on its own")
    return env


def run(entry, cmd, d):
    stdin = entry.get("stdin", "").replace("\\n", "\n").encode()
    start = time.perf_counter()
    r = subprocess.run(cmd, cwd=d, input=stdin, capture_output=True, env=environment(entry),
                       timeout=int(entry.get("timeout", "300")))
    return r, time.perf_counter() - start


def differs(entry, got, want):
    """None when `got` matches `want` under the entry's compare rule, else the first difference."""
    rule = entry.get("compare", "exact")
    g, w = got.splitlines(), want.splitlines()
    if len(g) != len(w):
        return f"{len(g)} lines, expected {len(w)}"
    rtol = float(rule.split("=", 1)[1]) if rule.startswith("rtol=") else None
    for i, (a, b) in enumerate(zip(g, w)):
        if a == b:
            continue
        if rtol is not None and NUMBER.sub("#", a) == NUMBER.sub("#", b):
            xs, ys = [float(t) for t in NUMBER.findall(a)], [float(t) for t in NUMBER.findall(b)]
            if all(abs(x - y) <= rtol * max(abs(y), 1e-30) for x, y in zip(xs, ys)):
                continue
        return f"line {i + 1}: {a!r}, expected {b!r}"
    return None


def skip_reason(entry, mode):
    return entry.get(f"skip_{mode}") or entry.get("skip")


def check(name, entry, mode):
    reason = skip_reason(entry, mode)
    if reason:
        print(f"SKIP {name} [{mode}]: {reason}")
        return None
    d = workdir(entry, ARGS.programs)
    try:
        r, _ = run(entry, command(entry, "tdsl", mode), d)
    except subprocess.TimeoutExpired:
        print(f"FAIL {name} [{mode}]: timed out")
        return False
    finally:
        shutil.rmtree(d)
    want = (HERE / "expected" / f"{name}.out").read_text(encoding="utf-8")
    problem = (f"exit status {r.returncode}\n{r.stderr.decode(errors='replace')[-1500:]}"
               if r.returncode != 0 else differs(entry, r.stdout.decode(errors="replace"), want))
    print(f"{'FAIL' if problem else 'ok  '} {name} [{mode}]" + (f": {problem}" if problem else ""))
    return problem is None


def freeze(name, entry):
    d = workdir(entry, ARGS.programs)
    try:
        r, _ = run(entry, command(entry, "reference"), d)
    finally:
        shutil.rmtree(d)
    if r.returncode != 0:
        sys.exit(f"{name}: the reference run failed:\n{r.stderr.decode()[-1500:]}")
    (HERE / "expected").mkdir(exist_ok=True)
    (HERE / "expected" / f"{name}.out").write_bytes(r.stdout)
    print(f"froze {name} ({len(r.stdout.splitlines())} lines)")


def median_time(entry, cmd):
    d = workdir(entry, ARGS.programs)
    try:
        return statistics.median(run(entry, cmd, d)[1] for _ in range(3))
    finally:
        shutil.rmtree(d)


def ratios(names, manifest):
    print(f"{'program':28} {'tdsl s':>8} {'ref s':>8} {'tdsl/ref':>8}")
    for name in names:
        entry = manifest[name]
        if skip_reason(entry, "compiled"):
            continue
        t = median_time(entry, command(entry, "tdsl", "compiled"))
        ref = median_time(entry, command(entry, "reference"))
        print(f"{name:28} {t:8.3f} {ref:8.3f} {t / ref:8.2f}")


def main():
    global ARGS
    p = argparse.ArgumentParser()
    p.add_argument("--tdsl")
    p.add_argument("--programs", type=pathlib.Path, required=True)
    p.add_argument("--mode", default="eager", choices=sorted(MODE_FLAGS))
    p.add_argument("--freeze", action="store_true")
    p.add_argument("--time", action="store_true")
    p.add_argument("names", nargs="*")
    ARGS = p.parse_args()
    if ARGS.tdsl:
        ARGS.tdsl = str(pathlib.Path(ARGS.tdsl).resolve())
    manifest = load_manifest()
    names = ARGS.names or list(manifest)
    if ARGS.freeze:
        for name in names:
            freeze(name, manifest[name])
        return
    if ARGS.time:
        ratios(names, manifest)
        return
    results = [check(name, manifest[name], ARGS.mode) for name in names]
    passed, failed = results.count(True), results.count(False)
    print(f"{passed} passed, {failed} failed, {results.count(None)} skipped")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
