// Diagnostics: for each kind of script error, the message, the line AND the
// column the VM attaches, and the traceback (innermost call first).
#include <catch2/catch.hpp>

#include <string>

#include "api/standard.h"
#include "vm/interpreter.h"

using namespace tdsl;

namespace {

Error errorOf(const std::string& src) {
  StandardInterpreter I;
  try {
    I.runSource("diag.td", src);
  } catch (const Error& e) {
    return e;
  }
  FAIL("no error raised for:\n" << src);
  return Error(ErrorKind::Runtime, "");
}

void checkAt(const Error& e, ErrorKind kind, const std::string& message, int line, int col) {
  INFO(formatError(e));
  CHECK(e.kind == kind);
  CHECK(e.message == message);
  CHECK(e.where.begin.line == line);
  CHECK(e.where.begin.col == col);
}

}  // namespace

TEST_CASE("diagnostics: undefined name", "[diagnostics]") {
  checkAt(errorOf("x = 1\ny = x + zz"), ErrorKind::Name, "name 'zz' is not defined", 2, 9);
}

TEST_CASE("diagnostics: unsupported operand types", "[diagnostics]") {
  checkAt(errorOf("a = 1\nb = 'x'\nc = a + b"), ErrorKind::Type,
          "unsupported operand type(s) for +: 'int' and 'str'", 3, 5);
  checkAt(errorOf("print(1 < 'a')"), ErrorKind::Type, "'<' not supported between instances of 'int' and 'str'", 1, 7);
}

TEST_CASE("diagnostics: argument count", "[diagnostics]") {
  checkAt(errorOf("def f(a, b):\n    pass\nf(1, 2, 3)"), ErrorKind::Type,
          "f() takes 2 positional arguments but 3 were given", 3, 1);
  checkAt(errorOf("def f(a, b):\n    pass\nf(1)"), ErrorKind::Type,
          "f() missing 1 required positional argument: 'b'", 3, 1);
  checkAt(errorOf("def f(a):\n    pass\nf(1, a=2)"), ErrorKind::Type, "f() got multiple values for argument 'a'", 3, 1);
}

TEST_CASE("diagnostics: zero division", "[diagnostics]") {
  checkAt(errorOf("n = 0\nx = 5 // n"), ErrorKind::ZeroDivision, "integer division or modulo by zero", 2, 5);
  checkAt(errorOf("x = 1 / 0"), ErrorKind::ZeroDivision, "division by zero", 1, 5);
  checkAt(errorOf("x = 1.5 % 0"), ErrorKind::ZeroDivision, "float modulo", 1, 5);
}

TEST_CASE("diagnostics: overflow", "[diagnostics]") {
  checkAt(errorOf("x = 9223372036854775807\nx += 1"), ErrorKind::Overflow,
          "integer overflow: result of + does not fit in 64 bits", 2, 1);
  checkAt(errorOf("y = 2\nx = y ** 64"), ErrorKind::Overflow, "integer overflow: result of ** does not fit in 64 bits", 2, 5);
  checkAt(errorOf("x = int(1e300)"), ErrorKind::Overflow, "int too large: float does not fit in 64 bits", 1, 5);
}

TEST_CASE("diagnostics: index and key", "[diagnostics]") {
  checkAt(errorOf("xs = [1]\nprint(xs[1])"), ErrorKind::Index, "list index out of range", 2, 7);
  checkAt(errorOf("t = (1,)\nt[-2]"), ErrorKind::Index, "tuple index out of range", 2, 1);
  checkAt(errorOf("d = {'a': 1}\nv = d['b']"), ErrorKind::Key, "KeyError: 'b'", 2, 5);
}

TEST_CASE("diagnostics: recursion", "[diagnostics]") {
  Error e = errorOf("def f(n):\n    return f(n + 1)\nf(0)");
  checkAt(e, ErrorKind::Recursion, "maximum recursion depth exceeded", 2, 12);
  REQUIRE(!e.traceback.empty());
  CHECK(e.traceback.front().function == "f");
  CHECK(e.traceback.back().where.begin.line == 3);  // outermost: the call from the module
}

TEST_CASE("diagnostics: assertion", "[diagnostics]") {
  checkAt(errorOf("x = 1\nassert x == 2, 'x is ' + str(x)"), ErrorKind::Assertion, "AssertionError: x is 1", 2, 1);
  checkAt(errorOf("assert []"), ErrorKind::Assertion, "AssertionError", 1, 1);
}

TEST_CASE("diagnostics: errors inside calls carry a traceback, innermost first", "[diagnostics]") {
  Error e = errorOf("def inner(x):\n    return x[5]\n\ndef outer():\n    return inner([1])\n\nouter()");
  checkAt(e, ErrorKind::Index, "list index out of range", 2, 12);
  REQUIRE(e.traceback.size() == 2);
  CHECK(e.traceback[0].function == "inner");
  CHECK(e.traceback[0].where.begin.line == 5);
  CHECK(e.traceback[1].function == "outer");
  CHECK(e.traceback[1].where.begin.line == 7);
  std::string text = formatError(e);
  CHECK(text.rfind("diag.td:2:12: error: list index out of range\n", 0) == 0);
  CHECK(text.find("Traceback (most recent call last):\n  File \"diag.td\", line 7, in <module>\n"
                  "  File \"diag.td\", line 5, in outer\n  File \"diag.td\", line 2, in inner\n") != std::string::npos);
}

TEST_CASE("diagnostics: errors raised by natives get the calling expression's location", "[diagnostics]") {
  checkAt(errorOf("xs = []\n\nv = xs.pop()"), ErrorKind::Index, "pop from empty list", 3, 5);
  checkAt(errorOf("import math\nr = math.sqrt(-1)"), ErrorKind::Value, "math domain error", 2, 5);
  checkAt(errorOf("a, b = [1, 2, 3]"), ErrorKind::Value, "too many values to unpack (expected 2)", 1, 1);
}

TEST_CASE("diagnostics: syntax errors come from the parser with a location", "[diagnostics]") {
  Error e = errorOf("x = 1\ny = (2 +\n");
  CHECK(e.kind == ErrorKind::Syntax);
  CHECK(e.where.valid());
}
