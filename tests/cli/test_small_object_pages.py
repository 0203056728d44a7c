#!/usr/bin/env python3
"""Note [jemalloc dirty decay] (src/tools/malloc_conf.cpp): the freed pages of
small objects are reused. Builds and drops a tree of 2-tuples of depth 15
(32767 tuples, about 2.6 MB) once and 12 times, and checks that the 11 extra
trees raise the peak resident memory by less than one tree: each one reuses
the pages the previous one freed. With dirty_decay_ms:-1 for the whole
program the peak grew by ~1 MB per tree (jemalloc never split the coalesced
dirty extents for new slabs); binary-trees at depth 16 peaked at 110 MB.

usage: test_small_object_pages.py TDSL [--sanitized]  (sanitizer builds use
glibc malloc, not jemalloc: the test is skipped there)"""
import os, subprocess, sys, tempfile

SCRIPT = """
import sys
def make(d):
    if d == 0:
        return (None, None)
    return (make(d - 1), make(d - 1))
for _ in range(int(sys.argv[1])):
    t = make(15)
    t = None
"""


def peak_kb(tdsl, script, trees):
    env = dict(os.environ)
    env.pop("MALLOC_CONF", None)
    p = subprocess.Popen([tdsl, "run", script, str(trees)], env=env)
    _, status, usage = os.wait4(p.pid, 0)
    if status != 0:
        sys.exit(f"tdsl failed with status {status}")
    return usage.ru_maxrss


def main():
    if "--sanitized" in sys.argv:
        print("skipped: sanitizer builds do not link jemalloc")
        return
    tdsl = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        script = os.path.join(tmp, "trees.td")
        with open(script, "w") as f:
            f.write(SCRIPT)
        one, many = peak_kb(tdsl, script, 1), peak_kb(tdsl, script, 12)
    print(f"peak: 1 tree {one} KB, 12 trees {many} KB")
    if many - one > 2048:
        sys.exit("FAIL: the pages of a dropped tree are not reused by the next one")


if __name__ == "__main__":
    main()
