// VM unit tests: values computed by the bytecode compiler + interpreter,
// through the public Interpreter API (runSource returns the value of a final
// expression statement).
#include <catch2/catch.hpp>

#include <cstdio>
#include <string>

#include "api/standard.h"
#include "vm/disassembler.h"
#include "vm/interpreter.h"
#include "vm/opcodes.h"
#include "vm/value_ops.h"

using namespace tdsl;

namespace {

Value eval(Interpreter& I, const std::string& src) { return I.runSource("test.td", src); }
std::string reprOf(const std::string& src) {
  StandardInterpreter I;
  return I.repr(eval(I, src));
}

}  // namespace

TEST_CASE("vm: int and float arithmetic", "[vm]") {
  CHECK(reprOf("7 // -2") == "-4");
  CHECK(reprOf("-7 % 3") == "2");
  CHECK(reprOf("7.5 % -2") == "-0.5");
  CHECK(reprOf("2 ** 10") == "1024");
  CHECK(reprOf("2 ** -1") == "0.5");
  CHECK(reprOf("0.1 + 0.2") == "0.30000000000000004");
  CHECK(reprOf("1 / 4") == "0.25");
  CHECK(reprOf("True + 1") == "2");
  CHECK(reprOf("-3 ** 2") == "-9");
}

TEST_CASE("vm: mixed int/float comparisons are exact", "[vm]") {
  CHECK(reprOf("9007199254740993 > 9007199254740992.0") == "True");
  CHECK(reprOf("9007199254740993 == 9007199254740992.0") == "False");
  CHECK(reprOf("10 == 10.0") == "True");
  CHECK(reprOf("1 < 2 < 3 > 2") == "True");
}

TEST_CASE("vm: containers and repr", "[vm]") {
  CHECK(reprOf("[1, 'a', (2,), {'k': None}]") == "[1, 'a', (2,), {'k': None}]");
  CHECK(reprOf("\"it's\"") == "\"it's\"");
  CHECK(reprOf("x = [1]\nx.append(x)\nx") == "[1, [...]]");
  CHECK(reprOf("{1: 'a', 1.0: 'b', True: 'c'}") == "{1: 'c'}");
  CHECK(reprOf("list(range(10, 0, -3))") == "[10, 7, 4, 1]");
}

TEST_CASE("vm: functions, defaults, keywords, closures", "[vm]") {
  CHECK(reprOf("def f(a, b=10):\n    return a - b\nf(b=1, a=5)") == "4");
  CHECK(reprOf("def mk(n):\n    def add(x):\n        return x + n\n    return add\nmk(3)(4)") == "7");
  CHECK(reprOf("def mk():\n    v = 1\n    f = lambda: v\n    v = 2\n    return f\nmk()()") == "2");
  CHECK(reprOf("g = 1\ndef s():\n    global g\n    g = 5\ns()\ng") == "5");
}

TEST_CASE("vm: deep recursion is an error, not a crash", "[vm]") {
  StandardInterpreter I;
  try {
    eval(I, "def r(n):\n    return r(n + 1)\nr(0)");
    FAIL("expected an error");
  } catch (const Error& e) {
    CHECK(e.kind == ErrorKind::Recursion);
  }
  // The interpreter is still usable afterwards.
  CHECK(I.repr(eval(I, "1 + 1")) == "2");
}

TEST_CASE("vm: host API: globals, calls, registered functions", "[vm]") {
  StandardInterpreter I;
  I.setGlobal("base", Value::integer(40));
  eval(I, "def add(x, y=2):\n    return base + x + y");
  Value add = I.getGlobal("add");
  std::vector<Value> args{Value::integer(1)};
  CHECK(I.call(add, args).asInt() == 43);
  KwArg kw{"y", Value::integer(0)};
  Value one = Value::integer(1);
  CHECK(I.call(add, CallArgs{&one, 1, &kw, 1}).asInt() == 41);
  I.registerFunction("twice", [](Interpreter& in, const CallArgs& a, const void*) {
    return in.call(a[0], std::vector<Value>{a[1]});
  });
  CHECK(I.repr(eval(I, "twice(lambda v: v * 2, 21)")) == "42");
  CHECK_THROWS_AS(I.getGlobal("missing"), Error);
}

TEST_CASE("vm: two interpreters share nothing", "[vm]") {
  StandardInterpreter a, b;
  eval(a, "x = 1");
  eval(b, "x = 2");
  CHECK(a.getGlobal("x").asInt() == 1);
  CHECK(b.getGlobal("x").asInt() == 2);
}

TEST_CASE("vm: interrupt request stops a running loop", "[vm]") {
  StandardInterpreter I;
  I.requestInterrupt();
  try {
    eval(I, "while True:\n    pass");
    FAIL("expected an interrupt");
  } catch (const Error& e) {
    CHECK(e.kind == ErrorKind::Interrupt);
    CHECK(e.message == "KeyboardInterrupt");
  }
}

TEST_CASE("vm: disassembler covers every opcode", "[vm]") {
  int n = 0;
#define TDSL_COUNT_OP(name, fmt, doc) CHECK(std::string(opName(Op::name)) == #name); ++n;
  TDSL_OPCODES(TDSL_COUNT_OP)
#undef TDSL_COUNT_OP
  CHECK(n == kNumOps);
  StandardInterpreter I;
  std::string dis = I.disassembleSource("d.td", "def f(a):\n    return a + 1\nprint(f(2))");
  CHECK(dis.find("function f") != std::string::npos);
  CHECK(dis.find("ADD") != std::string::npos);
  CHECK(dis.find("CALL") != std::string::npos);
}

TEST_CASE("vm: stdlib modules written in tdsl", "[vm]") {
  CHECK(reprOf("import functools\nfunctools.reduce(lambda a, b: a * b, [1, 2, 3, 4])") == "24");
  CHECK(reprOf("from statistics import median\nmedian([3, 1, 2, 10])") == "2.5");
}

#ifdef TDSL_BINARY
namespace {
// Runs the tdsl executable; returns its exit status and standard output.
int runTdsl(const std::string& args, std::string& out, const std::string& input = "") {
  std::string cmd = std::string(TDSL_BINARY) + " " + args + " 2>/dev/null";
  if (!input.empty()) cmd = "printf '" + input + "' | " + cmd;  // input: printf format, \\n = newline
  FILE* p = popen(cmd.c_str(), "r");
  REQUIRE(p);
  char buf[4096];
  out.clear();
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  int st = pclose(p);
  return WEXITSTATUS(st);
}
}  // namespace

TEST_CASE("cli: version, help, usage errors, stdin scripts", "[cli]") {
  std::string out;
  CHECK(runTdsl("--version", out) == 0);
  CHECK(out.rfind("tdsl ", 0) == 0);
  CHECK(runTdsl("--help", out) == 0);
  CHECK(out.find("run") != std::string::npos);
  CHECK(runTdsl("frobnicate", out) == 2);
  CHECK(runTdsl("run --no-such-flag x.td", out) == 2);
  CHECK(runTdsl("run /nonexistent/script.td", out) == 2);
  CHECK(runTdsl("run - a -b", out, "import sys\\nprint(sys.argv)\\n") == 0);
  CHECK(out == "['-', 'a', '-b']\n");
  CHECK(runTdsl("run -", out, "print(1 // 0)\\n") == 1);
  CHECK(runTdsl("run --eager --backend eager --stats --log graph --no-reinplace -", out, "print(3)\\n") == 0);
  CHECK(out == "3\n");
  CHECK(runTdsl("run -", out, "import sys\\nsys.exit(7)\\n") == 7);
}
#endif

namespace {
// The disassembly of function `name` alone.
std::string functionPart(const std::string& dis, const std::string& name) {
  size_t b = dis.find("function " + name + " ");
  if (b == std::string::npos) return "";
  size_t e = dis.find("\nfunction ", b + 1);
  return dis.substr(b, e == std::string::npos ? std::string::npos : e - b);
}
int countOp(const std::string& dis, const std::string& op) {
  int n = 0;
  for (size_t p = dis.find(op + " "); p != std::string::npos; p = dis.find(op + " ", p + 1)) ++n;
  return n;
}
}  // namespace

TEST_CASE("vm: call and comprehension results are built in their target temporary", "[vm][compiler]") {
  StandardInterpreter I;
  // `xs.append(v)` as a statement and `len(w)` as an operand need no MOVE of
  // the result; the only MOVEs left copy the receiver and argument into the
  // call frame.
  std::string dis = functionPart(I.disassembleSource("d.td", "def f(xs, w):\n    xs.append(w)\n    return 1 + len(w)\n"), "f");
  CHECK(countOp(dis, "MOVE") == 3);
  // Comprehensions likewise.
  dis = functionPart(I.disassembleSource("d.td", "def f(n):\n    return [i for i in range(n)]\n"), "f");
  CHECK(countOp(dis, "MOVE") == 2);  // the argument of range(n) and the item into i; the list stays put
  // Values: a variable is never the call frame, so a call may read the
  // variable it is assigned to; nested calls and comprehension variables.
  CHECK(reprOf("def g(x):\n    return x * 10\nx = 2\nx = g(x)\nx") == "20");
  CHECK(reprOf("def f(x):\n    x = max(x, len([x]))\n    return x\nf(0)") == "1");
  CHECK(reprOf("def f(a, b):\n    return a - b\nf(f(10, 1), f(3, f(2, 1)))") == "7");
  CHECK(reprOf("[len(str(i)) + i for i in [5, 50, 500]]") == "[6, 52, 503]");
  CHECK(reprOf("[[j for j in range(i)] for i in range(3)]") == "[[], [0], [0, 1]]");
  CHECK(reprOf("xs = [3, 1, 2]\nxs = sorted(xs) + [x for x in xs]\nxs") == "[1, 2, 3, 3, 1, 2]");
}

TEST_CASE("vm: container size limits are checked before allocating", "[vm]") {
  // Note [Container size limits]
  CHECK_NOTHROW(checkSeqSize(static_cast<uint64_t>(kMaxMaterializedItems)));
  CHECK_THROWS_WITH(checkSeqSize(static_cast<uint64_t>(kMaxMaterializedItems) + 1),
                    "sequence of 268435457 items is too large");
  CHECK_NOTHROW(checkStrSize(kMaxStrBytes));
  CHECK_THROWS_WITH(checkStrSize(kMaxStrBytes + 1), "string of 4294967297 bytes is too large");
  StandardInterpreter I;
  try {
    eval(I, "s = 'ab' * (2**31 + 1)");
    FAIL("expected a ResourceError");
  } catch (const Error& e) {
    CHECK(e.kind == ErrorKind::Resource);
  }
}
