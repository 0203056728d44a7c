#!/usr/bin/env python3
"""The layering check of issue 11 (README.md's layout, DESIGN.md §3).

Every folder of src/ is one library, and dependencies only point down:

  support < core < tensor < ops < autograd < ir < opt < jit < frontend < vm < vm/torch < compile < api < tools

with the siblings that must not know each other spelled out in ALLOWED below
(frontend knows nothing of tensors; the VM knows no op table, IR or pass; no
library below compile knows torch.compile). Two checks:

  includes  every `#include "..."` under src/ names a header of the file's own
            folder or of a folder it may use; ANTLR's headers appear only in
            src/frontend;
  symbols   (with --archive NAME=PATH for each built library) no archive needs
            a symbol that only the archives of folders it may not use define,
            which is what an include check cannot see (a function declared in a
            low header and defined above it).

Prints each violation and exits 1 when there is any; KNOWN lists the ones
still being removed, each with its reason, and fails when one of them is gone
(so the list only shrinks)."""
import argparse, collections, os, re, subprocess, sys

BELOW_VM = ["support", "core", "tensor", "ops", "autograd", "ir", "opt", "jit"]
ALLOWED = {
    "support": [],
    "core": ["support"],
    "tensor": ["support", "core"],
    "ops": ["support", "core", "tensor"],
    "autograd": ["support", "core", "tensor", "ops"],  # the graph engine dispatches through the op table
    "ir": ["support", "core", "tensor", "ops"],
    "opt": ["support", "core", "tensor", "ops", "ir"],
    "jit": ["support", "core", "tensor", "ops", "ir", "opt"],  # lowers the fusion pass's groups
    "frontend": ["support", "core"],
    "vm": ["support", "core", "frontend", "tensor"],
    "vm/torch": ["support", "core", "frontend", "tensor", "ops", "autograd", "ir", "vm"],
    "compile": BELOW_VM + ["frontend", "vm", "vm/torch"],
    "api": BELOW_VM + ["frontend", "vm", "vm/torch", "compile"],
    "tools": BELOW_VM + ["frontend", "vm", "vm/torch", "compile", "api"],
}
ANTLR_HEADERS = re.compile(r"^(antlr4-runtime\.h|Tdsl(Lexer|Parser)\.h|antlr4-runtime/)")

# (kind, from-folder, to-folder): violations that exist today and are being
# removed (issue 11); each must still occur, or the entry must go.
KNOWN = {
}


def folder_of(rel):
    """src-relative path -> its layer (vm/torch is a layer of its own)."""
    parts = rel.split("/")
    if parts[0] == "vm" and len(parts) > 2 and parts[1] == "torch":
        return "vm/torch"
    return parts[0] if len(parts) > 1 else ""


def include_violations(src):
    found = collections.defaultdict(list)
    for root, _, files in os.walk(src):
        for f in sorted(files):
            if not f.endswith((".h", ".cpp", ".inc")):
                continue
            path = os.path.join(root, f)
            rel = os.path.relpath(path, src)
            layer = folder_of(rel)
            with open(path, encoding="utf-8") as fh:
                for lineno, line in enumerate(fh, 1):
                    m = re.match(r'\s*#\s*include\s*[<"]([^>"]+)[>"]', line)
                    if not m:
                        continue
                    target = m.group(1)
                    if ANTLR_HEADERS.match(target):
                        if layer != "frontend":
                            found[("include", layer, "antlr")].append(f"{rel}:{lineno}: {target}")
                        continue
                    if not line.lstrip().startswith('#include "') or not os.path.exists(os.path.join(src, target)):
                        continue  # system or generated header
                    to = folder_of(target)
                    if to == layer or layer not in ALLOWED:
                        continue
                    if to not in ALLOWED[layer]:
                        found[("include", layer, to)].append(f"{rel}:{lineno}: {target}")
    return found


def archive_symbols(path):
    """(defined, undefined) mangled symbol sets of one static archive."""
    out = subprocess.run(["nm", "--format=posix", path], capture_output=True,
                         text=True, check=True).stdout
    defined, undefined = set(), set()
    for line in out.splitlines():
        fields = line.split()  # NAME TYPE [VALUE SIZE]; member headers end in ':'
        if len(fields) < 2 or fields[0].endswith(":"):
            continue
        name, kind = fields[0], fields[1]
        if kind == "U":
            undefined.add(name)
        elif kind in "TDBRVWu":
            defined.add(name)
    return defined, undefined - defined


def demangle(names):
    out = subprocess.run(["c++filt"], input="\n".join(names), capture_output=True, text=True)
    return out.stdout.splitlines() if out.returncode == 0 else names


def symbol_violations(archives):
    syms = {layer: archive_symbols(path) for layer, path in archives.items()}
    found = collections.defaultdict(list)
    for layer, (_, undefined) in syms.items():
        allowed = set(ALLOWED.get(layer, [])) | {layer}
        for name in sorted(undefined):
            providers = {l for l, (d, _) in syms.items() if name in d}
            if providers and not providers & allowed:
                for p in sorted(providers):
                    found[("symbol", layer, p)].append(name)
    for key in found:
        found[key] = demangle(found[key])
    return found


def self_test():
    """The include check flags an upward include, a sibling include and ANTLR
    outside the frontend, and accepts a downward one."""
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        files = {
            "core/value.h": "",
            "vm/objects.h": '#include "core/value.h"\n',
            "tensor/tensor.h": '#include "vm/objects.h"\n',
            "frontend/ast.h": '#include "tensor/tensor.h"\n',
            "ir/graph.h": "#include <antlr4-runtime.h>\n",
        }
        for rel, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(d, rel)), exist_ok=True)
            with open(os.path.join(d, rel), "w") as fh:
                fh.write(text)
        got = set(include_violations(d))
    want = {("include", "tensor", "vm"), ("include", "frontend", "tensor"), ("include", "ir", "antlr")}
    if got != want:
        print(f"self-test FAILED: flagged {sorted(got)}, expected {sorted(want)}")
        return False
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--src", required=True)
    ap.add_argument("--archive", action="append", default=[], metavar="LAYER=PATH")
    a = ap.parse_args()
    if not self_test():
        return 1
    found = include_violations(a.src)
    archives = dict(x.split("=", 1) for x in a.archive)
    found.update(symbol_violations(archives))
    failed = False
    for key, where in sorted(found.items()):
        kind, frm, to = key
        if key in KNOWN:
            print(f"known: {kind} {frm} -> {to} ({KNOWN[key]}): {len(where)} uses, e.g. {where[0]}")
            continue
        failed = True
        print(f"error: {kind} {frm} -> {to} points up or across the layers:")
        for w in where[:20]:
            print(f"  {w}")
        if len(where) > 20:
            print(f"  ... and {len(where) - 20} more")
    for key, why in sorted(KNOWN.items()):
        if key not in found and (key[0] == "include" or archives):
            failed = True
            print(f"error: known violation {key[0]} {key[1]} -> {key[2]} is gone: remove it from KNOWN")
    print("layering: " + ("FAILED" if failed else "ok"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
