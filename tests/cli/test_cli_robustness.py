#!/usr/bin/env python3
"""The tdsl command line against CPython 3.11's behaviour (issue 10): what
`run` says about a path it cannot read, write errors on standard output,
sys.exit's statuses, and teardown with little memory left.

usage: test_cli_robustness.py TDSL_BINARY [--sanitized]"""
import os, resource, subprocess, sys, tempfile, time

TDSL = sys.argv[1]
SANITIZED = "--sanitized" in sys.argv[2:]
failures = []


def run(args, script=None, stdout=subprocess.PIPE, preexec=None, timeout=120):
    r = subprocess.run([TDSL, "run", *args] if script is None else [TDSL, "run", script, *args],
                       stdout=stdout, stderr=subprocess.PIPE, preexec_fn=preexec, timeout=timeout)
    return r.returncode, r.stderr.decode("utf-8", "replace")


def check(name, cond, detail=""):
    if not cond:
        failures.append(f"{name}: {detail}")


def script(tmp, name, text):
    path = os.path.join(tmp, name)
    with open(path, "w") as f:
        f.write(text)
    return path


with tempfile.TemporaryDirectory() as tmp:
    # Paths that cannot be run: the real reason (strerror), exit status 2.
    rc, err = run([tmp])
    check("directory", rc == 2 and f"can't open file '{tmp}': [Errno 21] Is a directory" in err, f"{rc} {err!r}")
    ok = script(tmp, "ok.td", "print('ok')\n")
    rc, err = run([ok + "/x"])
    check("not a directory", rc == 2 and "[Errno 20] Not a directory" in err, f"{rc} {err!r}")
    rc, err = run([os.path.join(tmp, "missing.td")])
    check("missing", rc == 2 and "[Errno 2] No such file or directory" in err, f"{rc} {err!r}")

    # Standard output that cannot be written: exit 1 with OSError's text.
    with open("/dev/full", "w") as full:
        rc, err = run([], ok, stdout=full)
        check("/dev/full", rc == 1 and "OSError: [Errno 28] No space left on device" in err, f"{rc} {err!r}")
        big = script(tmp, "big.td", "for i in range(100):\n    print('x' * 100000)\n")
        rc, err = run([], big, stdout=full)
        check("/dev/full at the print", rc == 1 and "big.td:2:5: error: OSError: [Errno 28]" in err, f"{rc} {err!r}")
        ex = script(tmp, "exit3.td", "import sys\nprint('x')\nsys.exit(3)\n")
        rc, err = run([], ex, stdout=full)
        check("/dev/full then sys.exit", rc == 1 and "No space left on device" in err, f"{rc} {err!r}")
    # A closed descriptor 1: CPython's sys.stdout is None, output is dropped.
    rc, err = run([], ok, stdout=subprocess.DEVNULL, preexec=lambda: os.close(1))
    check("closed stdout", rc == 0 and err == "", f"{rc} {err!r}")
    # A reader that went away: BrokenPipeError, not death by SIGPIPE.
    r, w = os.pipe()
    os.close(r)
    rc, err = run([], big, stdout=w)
    os.close(w)
    check("broken pipe", rc == 1 and "BrokenPipeError: [Errno 32] Broken pipe" in err, f"{rc} {err!r}")

    # sys.exit as in CPython 3.11 (python3 -c "import sys; sys.exit(ARG)"; echo $?).
    for arg, status, text in [("300", 44, ""), ("-1", 255, ""), ("256", 0, ""), ("None", 0, ""), ("", 0, ""),
                              ("True", 1, ""), ("False", 0, ""), ("'msg'", 1, "msg\n"), ("1.5", 1, "1.5\n"),
                              ("[1]", 1, "[1]\n")]:
        path = script(tmp, "exit.td", f"import sys\nsys.exit({arg})\n")
        rc, err = run([], path)
        check(f"sys.exit({arg})", rc == status and err == text, f"{rc} {err!r}")

    # Under AddressSanitizer an address-space limit measures ASan's shadow
    # memory and quarantine, not tdsl's: these checks run in normal builds.
    if not SANITIZED:
        # Teardown needing no memory in proportion to the heap: a cycle through
        # a 20M-item list (320 MB) under an address-space limit of the idle
        # interpreter's size plus twice the list still exits 0. (Clearing the
        # cycle by copying its items needed another 320-512 MB: it aborted.)
        idle = script(tmp, "idle.td", "import time\nt = time.time()\nwhile time.time() - t < 1.0:\n    pass\n")
        p = subprocess.Popen([TDSL, "run", idle], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        vm_kb = 0
        while p.poll() is None:
            try:
                with open(f"/proc/{p.pid}/status") as f:
                    for line in f:
                        if line.startswith("VmSize:"):
                            vm_kb = max(vm_kb, int(line.split()[1]))
            except OSError:
                break
            time.sleep(0.05)
        p.wait()
        check("idle baseline", p.returncode == 0 and vm_kb > 0, f"{p.returncode} {vm_kb}")
        n = 20_000_000
        limit = vm_kb * 1024 + 2 * n * 16 + (64 << 20)

        def cap():
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

        cyc = script(tmp, "cycle.td", f"x = [0] * {n}\nx[0] = x\nprint('built')\n")
        r = subprocess.run([TDSL, "run", cyc], capture_output=True, preexec_fn=cap, timeout=120)
        check("cycle teardown under a memory limit", r.returncode == 0 and r.stdout == b"built\n",
              f"{r.returncode} {r.stderr[-300:]!r}")

        # Memory running out while a script builds ever deeper tuples: the error
        # is reported at its line (it aborted in the report or the teardown).
        small = vm_kb * 1024 + (512 << 20)

        def cap_small():
            resource.setrlimit(resource.RLIMIT_AS, (small, small))

        grow = script(tmp, "grow.td", "x = 1\nwhile True:\n    x = (x, x, x)\n")
        r = subprocess.run([TDSL, "run", grow], capture_output=True, preexec_fn=cap_small, timeout=300)
        check("out of memory while growing", r.returncode == 1 and b"grow.td:3:9: error: out of memory" in r.stderr,
              f"{r.returncode} {r.stderr[-300:]!r}")
        huge = script(tmp, "huge_repr.td", "x = 1\nfor i in range(40):\n    x = (x, x, x)\nprint(x)\n")
        r = subprocess.run([TDSL, "run", huge], capture_output=True, preexec_fn=cap_small, timeout=300)
        check("out of memory in repr", r.returncode == 1 and b"huge_repr.td:4:" in r.stderr and b"out of memory" in r.stderr,
              f"{r.returncode} {r.stderr[-300:]!r}")

for f in failures:
    print("FAIL", f)
print(f"{'ok' if not failures else 'FAILED'}: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
