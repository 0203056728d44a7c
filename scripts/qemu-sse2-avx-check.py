#!/usr/bin/env python3
"""Lists the functions of x86-64 executables that hold an AVX (VEX/EVEX)
instruction, apart from those the units compiled with -mavx define
(math_arrays_avx.cpp, reduce_blocks_avx.cpp: entered only on AVX CPUs).
Any other is code a CPU without AVX may run: a SIGILL on the SSE2 tier
(scripts/qemu-sse2-tests). Exit status 1 when there is one.

  qemu-sse2-avx-check.py --build BUILD_DIR [--allow REGEX] EXECUTABLE...

--allow names further functions (demangled, matched from the start) that
are entered only on AVX CPUs, e.g. a test's __attribute__((target("avx")))
functions behind __builtin_cpu_supports("avx")."""
import argparse, pathlib, re, subprocess, sys

AVX_UNITS = ("math_arrays_avx.cpp.o", "reduce_blocks_avx.cpp.o")
# Mnemonics that start with 'v' but are not AVX (VMX, segment verification).
NOT_AVX = re.compile(r"^(verr|verw|vm(call|launch|resume|xoff|xon|read|write|ptrld|ptrst|clear|func|load|save|run|mcall))\b")
FUNC = re.compile(r"^[0-9a-f]+ <(.+)>:$")
INSN = re.compile(r"^\s+[0-9a-f]+:\s+(\S+)\s*(.*)$")


def allowed_symbols(build):
    names = set()
    for unit in AVX_UNITS:
        for obj in build.rglob(unit):
            out = subprocess.run(["nm", "--defined-only", str(obj)], capture_output=True, text=True, check=True).stdout
            for line in out.splitlines():
                parts = line.split()
                if len(parts) == 3 and parts[1] in "tTwW":
                    names.add(parts[2])
    return names


def avx_functions(exe):
    """{function: first AVX instruction} over the executable's text."""
    found = {}
    func = None
    proc = subprocess.Popen(["objdump", "-d", "--no-show-raw-insn", "-M", "att", str(exe)],
                            stdout=subprocess.PIPE, text=True)
    for line in proc.stdout:
        m = FUNC.match(line.rstrip("\n"))
        if m:
            func = m.group(1)
            continue
        m = INSN.match(line)
        if not m or func is None or func in found:
            continue
        mnemonic, operands = m.group(1), m.group(2)
        if (mnemonic.startswith("v") and not NOT_AVX.match(mnemonic)) or "%ymm" in operands or "%zmm" in operands:
            found[func] = f"{mnemonic} {operands}".strip()
    if proc.wait() != 0:
        sys.exit(f"objdump failed on {exe}")
    return found


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--allow", action="append", default=[])
    ap.add_argument("executables", nargs="+")
    a = ap.parse_args()
    allowed = allowed_symbols(pathlib.Path(a.build))
    if not allowed:
        sys.exit("no -mavx unit found under " + a.build)
    stray = 0
    for exe in a.executables:
        found = avx_functions(exe)
        extra = {}
        for f, insn in found.items():
            if f.split("@")[0] in allowed:
                continue
            demangled = subprocess.run(["c++filt", f], capture_output=True, text=True).stdout.strip()
            if any(re.match(pattern, demangled) for pattern in a.allow):
                continue
            extra[f] = insn
            print(f"{exe}: AVX outside the -mavx units: {demangled}: {insn}")
        print(f"{exe}: {len(found)} functions hold AVX, {len(extra)} of them outside the -mavx units and --allow")
        stray += len(extra)
    sys.exit(1 if stray else 0)


if __name__ == "__main__":
    main()
