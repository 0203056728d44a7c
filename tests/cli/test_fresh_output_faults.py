#!/usr/bin/env python3
"""Note [jemalloc dirty decay] (src/tools/malloc_conf.cpp): a large result
freed between two calls is reused by the next call without page faults.
Runs a compiled triad on 4 * 10^6 float32 (a 16 MB output) 2 and 22 times and
checks that the 20 extra calls fault far fewer pages than 20 fresh outputs
would (3907 pages each). Without the tdsl program's malloc_conf every call
faults its whole output again.

usage: test_fresh_output_faults.py TDSL [--sanitized]  (sanitizer builds use
glibc malloc, not jemalloc: the test is skipped there)"""
import os, resource, subprocess, sys, tempfile

SCRIPT = """
import sys
import torch
n = 4000000
a = torch.rand(n)
b = torch.rand(n)
c = torch.rand(n)
def triad(a, b, c):
    return a + b * c
f = torch.compile(triad)
for _ in range(int(sys.argv[1])):
    f(a, b, c)
"""


def faults(tdsl, script, calls):
    env = dict(os.environ)
    env.pop("MALLOC_CONF", None)
    p = subprocess.Popen([tdsl, "run", script, str(calls)], env=env)
    _, status, usage = os.wait4(p.pid, 0)
    if status != 0:
        sys.exit(f"tdsl failed with status {status}")
    return usage.ru_minflt


def main():
    if "--sanitized" in sys.argv:
        print("skipped: sanitizer builds do not link jemalloc")
        return
    tdsl = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        script = os.path.join(tmp, "triad.td")
        with open(script, "w") as f:
            f.write(SCRIPT)
        few, many = faults(tdsl, script, 2), faults(tdsl, script, 22)
    pages_per_output = 4000000 * 4 // 4096
    extra = many - few
    print(f"faults: 2 calls {few}, 22 calls {many}; 20 extra calls fault {extra} pages "
          f"(fresh outputs would be {20 * pages_per_output})")
    if extra > 2 * pages_per_output:
        sys.exit("FAIL: large outputs are page-faulted again on every call")


if __name__ == "__main__":
    main()
