#!/usr/bin/env python3
"""Builds the seed corpora of the libFuzzer targets (tests/fuzz/README.md).

    make_corpus.py OUT_DIR          OUT_DIR/<target>/ for every target
    make_corpus.py --dict FILE      regenerate tests/fuzz/tdsl.dict

Scripts come from tests/scripts/**/*.td, examples/ and stdlib/ (parser and
eager targets) and tests/scripts/compile*/ plus scripts that call
torch.compile (the differential target); graphs from tests/ir/**/*.tir.
fuzz_compile_gen decodes bytes, so its seeds are a few fixed byte strings.
Inputs that once failed a target stay in tests/fuzz/regressions/<target>/
and are seeds of that target.
Files are named by the hash of their content, so rebuilding is idempotent."""
import hashlib, pathlib, re, sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def scripts():
    for d in ("tests/scripts", "examples", "stdlib"):
        yield from sorted((ROOT / d).rglob("*.td"))


def put(out, name, data):
    out.mkdir(parents=True, exist_ok=True)
    (out / hashlib.sha1(data).hexdigest()).write_bytes(data)


def build(out):
    for p in scripts():
        data = p.read_bytes()
        put(out / "fuzz_parse", p.name, data)
        put(out / "fuzz_eager", p.name, data)
        if b"torch.compile" in data:
            put(out / "fuzz_compile", p.name, data)
    for p in sorted((ROOT / "tests/ir").rglob("*.tir")):
        put(out / "fuzz_tir", p.name, p.read_bytes())
    for i in range(16):
        put(out / "fuzz_compile_gen", str(i), bytes((i * 37 + j * 11) % 256 for j in range(64 + 8 * i)))
    for d in sorted((ROOT / "tests/fuzz/regressions").iterdir()):
        for p in sorted(d.iterdir()):
            put(out / d.name, p.name, p.read_bytes())
    for t in sorted(out.iterdir()):
        print(f"{t.name}: {len(list(t.iterdir()))} seeds")


def dictionary(path):
    """Tensor API names (op table schemas, tensor methods used by the tests) and syntax."""
    words = set()
    for p in (ROOT / "src/ir").glob("ops_*.cpp"):
        for m in re.finditer(r'\{"([a-z_][a-z0-9_]*)(?:\.[a-zA-Z0-9_]+)?\(', p.read_text()):
            words.add(m.group(1))
    method_uses = set()
    for p in scripts():
        for m in re.finditer(r"\.([a-z_][a-z0-9_]*)\(", p.read_text(errors="replace")):
            method_uses.add(m.group(1))
    words |= {w for w in method_uses if len(w) > 2}
    torch_names = set()
    for p in scripts():
        for m in re.finditer(r"\btorch\.([a-zA-Z_][a-zA-Z0-9_]*)", p.read_text(errors="replace")):
            torch_names.add("torch." + m.group(1))
    syntax = ["def ", "lambda ", "return ", "while ", "for ", " in ", "if ", "elif ", "else:", "try:", "except ",
              "finally:", "raise ", "with ", "class ", "yield ", "global ", "nonlocal ", "import torch\n",
              "torch.compile(", "fullgraph=True", "backend=", "dynamic=True", "options=", "mode=",
              "dtype=torch.int64", "dtype=torch.float32", "dtype=torch.float64", "dtype=torch.bool",
              "dtype=torch.int32", ".shape", ".dtype", ".stride(", ".tolist()", ".item()", "print(",
              "2**62", "2**63", "-2**63", "9223372036854775807", "1e308", "float('nan')", "float('inf')",
              "[::-1]", "[1::2]", "[::3]", "[..., None]", "**", "//", ":=", "\n    ", "\n        ",
              # the .tir text form
              "graph f(", "%x: f32[8]", "%y: i64[4]", ": f64[", ": bool[", "{offset=", "return (", "copy_(", "s0", "true", "false"]
    lines = sorted(words | torch_names)
    with open(path, "w") as f:
        f.write("# Tensor API names and syntax for the libFuzzer targets; made by "
                "tests/fuzz/make_corpus.py --dict (do not edit by hand).\n")
        for w in lines + syntax:
            f.write('"' + "".join(c if 32 <= ord(c) < 127 and c not in '"\\' else
                                  (f"\\{c}" if c in '"\\' else f"\\x{ord(c):02x}") for c in w) + '"\n')
    print(f"{path}: {len(lines) + len(syntax)} entries")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--dict":
        dictionary(sys.argv[2])
    elif len(sys.argv) == 2:
        build(pathlib.Path(sys.argv[1]))
    else:
        sys.exit(__doc__)
