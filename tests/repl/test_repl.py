"""`tdsl repl` driven in a pseudo-terminal (issue 13).

usage: test_repl.py TDSL [CASE...]   (no CASE: every case)

Each case starts the REPL on a fresh pty (tests/repl/pty_session.py), types
as a user would and checks what the terminal shows. Cases that need the
seed's `composed` load tests/repl/composed.td with :load.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from pty_session import Session, strip_ansi  # noqa: E402

TDSL = None
TMP = None
COMPOSED = os.path.join(HERE, "composed.td")
UP = "\x1b[A"


def env(**extra):
    e = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TDSL_LOGS", "TDSL_HISTORY")}
    e["HOME"] = TMP
    e["TERM"] = "xterm"
    e["NO_COLOR"] = "1"
    e.update(extra)
    return {k: v for k, v in e.items() if v is not None}


def start(*args, **extra):
    s = Session([TDSL] + list(args), env(**extra))
    s.expect(r"tdsl \S+ \(:help")
    s.prompt()
    return s


def run_line(s, line, pattern):
    """Types `line`, waits for `pattern`, then for the next prompt."""
    s.sendline(line)
    m = s.expect(pattern)
    s.prompt()
    return m


def quit_ok(s):
    s.eof()
    status = s.wait()
    assert status == 0, "exit status %s" % status


def history_lines(path):
    """libedit's history file: one entry a line, spaces etc. as \\ooo octal."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    return re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), text).splitlines()


def case_history():
    hist = os.path.join(TMP, "hist_a")
    s = start("repl", TDSL_HISTORY=hist)
    run_line(s, "40 + 2", r"\n42\r?\n")
    quit_ok(s)
    assert "40 + 2" in history_lines(hist)
    # A second session recalls it with the Up arrow.
    s = start("repl", TDSL_HISTORY=hist)
    s.send(UP)
    s.expect(r"40 \+ 2")
    s.sendline("")
    s.expect(r"42")
    s.prompt()
    quit_ok(s)
    # Without TDSL_HISTORY: ~/.tdsl_history (HOME is the test's directory).
    s = start("repl", TDSL_HISTORY=None)
    run_line(s, "7 * 6", r"42")
    quit_ok(s)
    assert "7 * 6" in history_lines(os.path.join(TMP, ".tdsl_history"))


def case_multiline_and_echo():
    s = start("repl")
    s.sendline("def twice(a):")
    s.expect(r"\.\.\. ")
    s.sendline("    b = a * 2")
    s.expect(r"\.\.\. ")
    s.sendline("    return b")
    s.expect(r"\.\.\. ")
    s.sendline("")
    s.prompt()
    run_line(s, "twice(21)", r"\n42\r?\n")
    s.sendline("xs = [1,")
    s.expect(r"\.\.\. ")
    s.sendline("  2]")
    s.prompt()
    run_line(s, "xs", r"\[1, 2\]")
    run_line(s, "_ + [3]", r"\[1, 2, 3\]")
    run_line(s, "'a' + 'b'", r"'ab'")
    # None is not echoed and does not replace _ (a call returning None, so
    # that no typed text reads "None": the terminal may echo a line twice
    # when it is typed before libedit has switched the terminal's mode).
    s.sendline("def nothing(): pass")
    s.expect(r"\.\.\. ")
    s.sendline("")
    s.prompt()
    s.sendline("nothing()")
    s.prompt()
    s.sendline("print('printed')")
    s.expect(r"printed\r?\n")
    s.prompt()
    run_line(s, "_", r"\n'ab'\r?\n")
    quit_ok(s)
    out = strip_ansi(s.transcript)
    assert "None" not in out.splitlines(), out


def case_blocks():
    """Python's interactive mode: a one-line compound statement waits for the
    blank line, and every module-level expression statement echoes, in
    blocks too; function bodies never echo."""
    s = start("repl")
    s.sendline("for i in range(3): i * 10")
    s.expect(r"\.\.\. ")
    s.sendline("")
    m = s.expect(r"0\r?\n10\r?\n20\r?\n")
    s.prompt()
    run_line(s, "_", r"\n20\r?\n")
    s.sendline("if _ > 5:")
    s.expect(r"\.\.\. ")
    s.sendline("    'big'")
    s.expect(r"\.\.\. ")
    s.sendline("else:")
    s.expect(r"\.\.\. ")
    s.sendline("    'small'")
    s.expect(r"\.\.\. ")
    s.sendline("")
    s.expect(r"'big'\r?\n")
    s.prompt()
    s.sendline("def quiet():")
    s.expect(r"\.\.\. ")
    s.sendline("    12345")
    s.expect(r"\.\.\. ")
    s.sendline("")
    s.prompt()
    s.sendline("quiet()")
    s.prompt()
    s.sendline("print('after'); 6 * 7")
    s.expect(r"after\r?\n42\r?\n")
    s.prompt()
    quit_ok(s)
    out = strip_ansi(s.transcript)
    assert "12345" not in out.replace("    12345", ""), out


def case_graph_last_call():
    """:graph shows the segments of the last call only, not the whole cache."""
    s = start("repl")
    s.sendline("import torch")
    s.prompt()
    s.sendline("def pick(t, up):")
    s.expect(r"\.\.\. ")
    s.sendline("    return t + 1 if up else t * 3")
    s.expect(r"\.\.\. ")
    s.sendline("")
    s.prompt()
    s.sendline("pick = torch.compile(pick)")
    s.prompt()
    s.sendline("r = pick(torch.ones(2), True)")
    s.prompt()
    s.sendline("r = pick(torch.ones(2), False)")
    s.prompt()
    s.sendline(":graph pick")
    m = s.expect(r"captured graphs of pick in its last call: 1 segment \(all calls: 2, traces 2.*?(?=>>> )")
    assert "= mul(%t, 3)" in m.group(0) and "= add(" not in m.group(0), m.group(0)
    s.prompt()
    s.sendline("r = pick(torch.ones(2), True)")
    s.prompt()
    s.sendline(":graph pick")
    m = s.expect(r"in its last call: 1 segment.*?(?=>>> )")
    assert "= add(%t, 1)" in m.group(0) and "= mul(" not in m.group(0), m.group(0)
    s.prompt()
    quit_ok(s)


def case_errors():
    s = start("repl")
    s.sendline("1 / 0")
    s.expect(r"<stdin>:1:1: error: division by zero\r?\n    1 / 0\r?\n    \^")
    s.prompt()
    run_line(s, "2 + 2", r"\n4\r?\n")
    s.sendline("x = (1 +")
    s.expect(r"\.\.\. ")
    s.sendline(")")
    s.expect(r"<stdin>:\d+:\d+: error: ")
    s.prompt()
    s.sendline("undefined_name")
    s.expect(r"<stdin>:1:1: error: name 'undefined_name' is not defined")
    s.prompt()
    run_line(s, "3 * 3", r"\n9\r?\n")
    s.sendline(":nonsense")
    s.expect(r"unknown meta-command ':nonsense'")
    s.prompt()
    quit_ok(s)


def case_interrupt():
    s = start("repl")
    run_line(s, "import torch", r"import torch")
    s.sendline("while True: pass")
    s.expect(r"\.\.\. ")
    s.sendline("")  # a compound statement runs at the blank line
    time.sleep(0.5)
    s.interrupt()
    s.expect(r"error: KeyboardInterrupt")
    s.prompt()
    run_line(s, "1 + 1", r"\n2\r?\n")
    s.sendline("torch.ones(1).expand(10**11).sum()")  # minutes of work: the interrupt always lands first
    time.sleep(0.5)
    s.interrupt()
    s.expect(r"error: KeyboardInterrupt", timeout=10)
    s.prompt()
    run_line(s, "torch.ones(3).sum()", r"tensor\(3\.\)")
    # At the prompt: the half-typed line is dropped.
    s.send("this is not code")
    time.sleep(0.2)
    s.interrupt()
    s.expect(r"KeyboardInterrupt")
    s.prompt()
    run_line(s, "5 + 5", r"\n10\r?\n")
    quit_ok(s)


def case_exit():
    s = start("repl")
    s.eof()
    assert s.wait() == 0
    s = start("repl")
    s.sendline(":quit")
    assert s.wait() == 0
    s = start("repl")
    s.sendline("import sys")
    s.prompt()
    s.sendline("sys.exit(3)")
    assert s.wait() == 3
    # Bare `tdsl` on a terminal is the REPL too.
    s = start()
    run_line(s, "6 * 7", r"42")
    quit_ok(s)


def case_completion():
    s = start("repl")
    run_line(s, "import torch", r"import torch")
    s.send("torch.ind\t")
    s.expect(r"torch\.index")
    s.send("_sel\t")
    s.expect(r"_select")
    s.sendline("(torch.arange(5), 0, torch.tensor([3]))")
    s.expect(r"tensor\(\[3\]\)")
    s.prompt()
    run_line(s, "a_long_name = 5", r"a_long_name = 5")
    s.send("a_long_n\t")
    s.expect(r"a_long_name")
    s.sendline(" + 1")
    s.expect(r"\n6\r?\n")
    s.prompt()
    s.send(":gra\t")
    s.expect(r":graph")
    s.sendline(" torch")
    s.expect(r"torch is not a torch.compile'd function \(its type is module\)")
    s.prompt()
    quit_ok(s)


def case_meta_commands():
    dot_file = os.path.join(TMP, "composed.dot")
    s = start("repl")
    s.sendline(":load " + COMPOSED)
    s.prompt()
    # :graph: the captured graph of the last calls, one segment, no break.
    s.sendline(":graph composed")
    m = s.expect(r"captured graphs of composed in its last call: 1 segment \(.*?(?=>>> )")
    assert "index_copy_(%field, 0, %indices" in m.group(0), m.group(0)
    assert "field[1:-1].add_(delta)" in m.group(0), m.group(0)
    s.prompt()
    # :passes: each stage; index_copy reinplaced; 792 bytes per call.
    s.sendline(":passes composed")
    m = s.expect(r"captured:.*bytes copied per call: (\d+)[^\n]*")
    text = m.group(0)
    for stage in ("after functionalize:", "after reinplace:", "optimized (tdsl backend), executed:", "kernels"):
        assert stage in text, (stage, text)
    assert re.search(r"index_copy #\d+: reinplaced", text), text
    optimized = text[text.index("optimized (tdsl backend)"):]
    # Issue 12: the gather, multiply and index_copy_ are one fused store into field (Note [Fused stores]).
    assert "index_copy_(%in0, 0, %in1" in optimized and "slice_scatter" not in optimized, optimized
    assert m.group(1) == "792", text
    kernels = text[text.index("kernels ("):]
    assert re.search(r"kernels \(JIT tier (sse2|avx2);", kernels), kernels
    assert re.search(r"= composed_fused1 +one JIT kernel of index_select, mul_, index_copy_", kernels), kernels
    s.prompt()
    # :alias: field and field[1:-1] share storage and overlap on [1, 51519).
    s.sendline(":alias field field[1:-1] delta")
    m = s.expect(r"field / field\[1:-1\]: ([^\n]*)")
    assert "OVERLAP at storage elements [1, 51519) (51518 elements)" in m.group(1), m.group(1)
    assert "field[1:-1] flat [0, 51518)" in m.group(1), m.group(1)
    s.expect(r"field / delta: separate storages")
    s.prompt()
    s.sendline(":alias field[::2] field[1::2]")
    s.expect(r"field\[::2\] / field\[1::2\]: no element in common")
    s.prompt()
    # :explain: as tdsl.explain, with guards.
    s.sendline(":explain composed(field, delta, indices, gain)")
    m = s.expect(r"Graph Count: 1\r?\nGraph Break Count: 0.*?Guards:.*?tensor field: float64\[51520\]")
    s.prompt()
    # :dot: DOT text, then a file (rendered when Graphviz is installed).
    s.sendline(":dot composed")
    m = s.expect(r"digraph \"composed\" \{.*?\n\}")
    s.prompt()
    s.sendline(":dot composed " + dot_file)
    m = s.expect(r"wrote " + re.escape(dot_file) + r"[^\n]*")
    s.prompt()
    dot = open(dot_file).read()
    check_dot(dot)
    if shutil.which("dot"):
        assert "rendered " + dot_file + ".svg" in m.group(0), m.group(0)
        assert os.path.exists(dot_file + ".svg")
        subprocess.run(["dot", "-Tcanon", dot_file], check=True, stdout=subprocess.DEVNULL)
    else:
        assert "not installed" in m.group(0), m.group(0)
    # :time: median and spread.
    s.sendline(":time gain.mul(2)")
    s.expect(r"per run: median of 7 batches of \d+ runs? \(min [^,]+, max [^,]+, spread [\d.]+%\)", timeout=60)
    s.prompt()
    # :log: categories on for new compiles, then off.
    s.sendline(":log graph")
    s.expect(r"logging: graph")
    s.prompt()
    s.sendline("g = torch.compile(lambda t: t + 1)")
    s.prompt()
    s.sendline("g(gain).shape")
    s.expect(r"\[tdsl:graph\] captured graph of <lambda>.*?torch\.Size\(\[99\]\)")
    s.prompt()
    s.sendline(":log off")
    s.expect(r"logging: off")
    s.prompt()
    s.sendline(":log bogus")
    s.expect(r"unknown log category 'bogus'")
    s.prompt()
    # A graph break shows with its reason and source line.
    s.sendline("def broken(t):")
    s.sendline("    u = t * 2")
    s.sendline("    print('side effect')")
    s.sendline("    return u + 1")
    s.sendline("")
    s.prompt()
    s.sendline("broken = torch.compile(broken)")
    s.prompt()
    s.sendline("broken(gain).sum()")
    s.expect(r"side effect")
    s.prompt()
    s.sendline(":graph broken")
    m = s.expect(r"captured graphs of broken in its last call: 2 segments \(.*?graph breaks 1\).*?(?=>>> )")
    assert "graph break: " in m.group(0) and "print('side effect')" in m.group(0), m.group(0)
    s.prompt()
    # :help lists every command; :reset forgets the session.
    s.sendline(":help")
    m = s.expect(r"meta-commands:.*?(?=>>> )")
    for name in (":graph", ":passes", ":alias", ":explain", ":dot", ":time", ":log", ":load", ":reset", ":help", ":quit"):
        assert name in m.group(0), name
    s.prompt()
    s.sendline(":reset")
    s.expect(r"fresh interpreter")
    s.prompt()
    s.sendline("field")
    s.expect(r"error: name 'field' is not defined")
    s.prompt()
    quit_ok(s)


def check_dot(dot):
    """A structural check of :dot's output when Graphviz is not installed."""
    assert dot.startswith('digraph "composed" {') and dot.rstrip().endswith("}"), dot
    nodes = set(re.findall(r"^  (n\d+) \[", dot, re.M))
    for a, b in re.findall(r"^  (n\d+) -> (n\d+)", dot, re.M):
        assert a in nodes and b in nodes, (a, b)
    # Issue 12: index_copy_ is the store of a fused node (Note [Fused stores]), drawn red as in-place ops are.
    assert re.search(r'label="%\d+ = fused composed_fused1 \(index_select, mul_, index_copy_\)\\nf64\[51520\]", color=red',
                     dot), dot


def case_color():
    s = start("repl", NO_COLOR=None)
    s.sendline("1 / 0")
    s.expect(r"division by zero")
    s.prompt()
    quit_ok(s)
    assert "\x1b[1;31merror:" in s.transcript, repr(s.transcript)
    s = start("repl", NO_COLOR="1")
    s.sendline("1 / 0")
    s.expect(r"division by zero")
    s.prompt()
    quit_ok(s)
    assert "\x1b[1;31m" not in s.transcript, repr(s.transcript)


def case_not_a_terminal():
    """Bare `tdsl` with a pipe on stdin is `tdsl run -`."""
    script = "import torch\nprint(torch.arange(3) * 2)\nx = 1\nx\nprint(1 / 0)\n"
    bare = subprocess.run([TDSL], input=script, capture_output=True, text=True, env=env())
    run = subprocess.run([TDSL, "run", "-"], input=script, capture_output=True, text=True, env=env())
    assert (bare.returncode, bare.stdout, bare.stderr) == (run.returncode, run.stdout, run.stderr), (bare, run)
    assert bare.returncode == 1 and "tensor([0, 2, 4])" in bare.stdout and "division by zero" in bare.stderr, bare


CASES = {name[5:]: fn for name, fn in sorted(globals().items()) if name.startswith("case_")}


def main():
    global TDSL, TMP
    TDSL = os.path.abspath(sys.argv[1])
    names = sys.argv[2:] or list(CASES)
    failed = 0
    for name in names:
        TMP = tempfile.mkdtemp(prefix="tdsl_repl_")
        try:
            CASES[name]()
            print("ok   " + name)
        except Exception as e:  # noqa: BLE001 - report every case
            failed += 1
            print("FAIL %s: %s: %s" % (name, type(e).__name__, e))
        finally:
            shutil.rmtree(TMP, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
