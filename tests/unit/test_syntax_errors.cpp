// Syntax errors: each case states the message and the line:column it points
// to (STYLE.md: diagnostics tested at the line they point to).
#include <catch2/catch.hpp>

#include <memory>
#include <string>

#include "frontend/parser.h"

using namespace tdsl;

namespace {

// The error parsing `text` raises; fails the test if there is none.
Error errorOf(const std::string& text) {
  auto file = std::make_shared<SourceFile>(SourceFile{"bad.td", text});
  try {
    parseModule(file);
  } catch (const Error& e) {
    return e;
  }
  FAIL("no syntax error for: " << text);
  throw;  // unreachable
}

// "MESSAGE @ LINE:COL" of the error, the form every check below uses.
std::string at(const std::string& text) {
  Error e = errorOf(text);
  CHECK(e.kind == ErrorKind::Syntax);
  CHECK(e.where.file != nullptr);
  return e.message + " @ " + std::to_string(e.where.begin.line) + ":" + std::to_string(e.where.begin.col);
}

std::string nested(const std::string& open, const std::string& inner, const std::string& close, int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += open;
  s += inner;
  for (int i = 0; i < n; ++i) s += close;
  return s;
}

std::string repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

}  // namespace

TEST_CASE("syntax: conformance case 026 (unmatched ')') points at line 3", "[frontend][syntax]") {
  std::string text = "import torch\nx = torch.ones(3)\ny = x[1:2))\nprint(y)\n";
  CHECK(at(text) == "unmatched ')' @ 3:10");
  CHECK(errorOf(text).note == "'[' opened at 3:6 is still open");
}

TEST_CASE("syntax: closer without any opener", "[frontend][syntax]") {
  CHECK(at("x = 1)\n") == "unmatched ')' @ 1:6");
  CHECK(at("x = [1]]\n") == "unmatched ']' @ 1:8");
  CHECK(at("if x:\n    }\n") == "unmatched '}' @ 2:5");
}

TEST_CASE("syntax: bracket never closed names where it was opened", "[frontend][syntax]") {
  Error e = errorOf("x = 1\ny = 2\nz = f(a,\n      b\n");
  CHECK(e.message == "'(' was never closed");
  CHECK((e.where.begin.line == 3 && e.where.begin.col == 6));
  CHECK(e.note == "'(' opened at 3:6");
  CHECK(at("x = [1, {2: (3)}\n") == "'[' was never closed @ 1:5");  // the innermost open one
}

TEST_CASE("syntax: expected ':'", "[frontend][syntax]") {
  CHECK(at("if x\n    y = 1\n") == "expected ':' @ 1:5");
  CHECK(at("x = 1\nwhile x > 0\n    x -= 1\n") == "expected ':' @ 2:12");
  CHECK(at("for i in range(3)\n    pass\n") == "expected ':' @ 1:18");
  CHECK(at("def f(x)\n    pass\n") == "expected ':' @ 1:9");
  CHECK(at("if x:\n    pass\nelse\n    pass\n") == "expected ':' @ 3:5");
  CHECK(at("f = lambda x x\n") == "expected ':' @ 1:14");
  CHECK(at("d = {1: 2, 3 4}\n") == "expected ':' @ 1:14");
}

TEST_CASE("syntax: expected an expression", "[frontend][syntax]") {
  CHECK(at("x = \n") == "expected an expression @ 1:5");
  CHECK(at("y = 1 +\n") == "expected an expression @ 1:8");
  CHECK(at("f(a, b=)\n") == "expected an expression @ 1:8");
  CHECK(at("x = [1, 2 *]\n") == "expected an expression @ 1:12");
}

TEST_CASE("syntax: invalid syntax", "[frontend][syntax]") {
  CHECK(at("x = 1 2\n") == "invalid syntax @ 1:7");
  CHECK(at("else:\n    pass\n") == "invalid syntax @ 1:1");
  CHECK(at("def f(**):\n    pass\n") == "invalid syntax @ 1:9");
  CHECK(at("x = 1\nif x:\n    y = 2\n    y z\n") == "invalid syntax @ 4:7");
}

TEST_CASE("syntax: unexpected indent", "[frontend][syntax]") {
  CHECK(at("x = 1\n    y = 2\n") == "unexpected indent @ 2:5");
  CHECK(at("  x = 1\n") == "unexpected indent @ 1:3");
  CHECK(at("if x:\n    a\n        b\n") == "unexpected indent @ 3:9");
}

TEST_CASE("syntax: unindent does not match", "[frontend][syntax]") {
  CHECK(at("if x:\n        a\n    b\n") == "unindent does not match any outer indentation level @ 3:5");
  CHECK(at("if x:\n  if y:\n      a\n    b\n") == "unindent does not match any outer indentation level @ 4:5");
}

TEST_CASE("syntax: expected an indented block", "[frontend][syntax]") {
  CHECK(at("if x:\npass\n") == "expected an indented block after 'if' statement on line 1 @ 2:1");
  CHECK(at("if x:\n    pass\nelif y:\nz = 1\n") ==
        "expected an indented block after 'elif' statement on line 3 @ 4:1");
  CHECK(at("for i in x:\n\nprint(i)\n") == "expected an indented block after 'for' statement on line 1 @ 3:1");
  CHECK(at("x = 1\ndef f():\nreturn 1\n") == "expected an indented block after function definition on line 2 @ 3:1");
  CHECK(at("while x:\n") == "expected an indented block after 'while' statement on line 1 @ 2:1");
}

TEST_CASE("syntax: literals", "[frontend][syntax]") {
  CHECK(at("x = 9223372036854775808\n") == "integer literal too large @ 1:5");
  CHECK(at("x = 0xffffffffffffffffff\n") == "integer literal too large @ 1:5");
  CHECK(at("x = 1\ns = 'abc\n") == "unterminated string literal @ 2:5");
  CHECK(at("s = \"\"\"abc\n\nmore\n") == "unterminated triple-quoted string literal @ 1:5");
  CHECK(at("x = 1\ns = f'''{x}\n") == "unterminated triple-quoted string literal @ 2:5");
  CHECK(at("x = 1 $ 2\n") == "invalid character '$' (U+0024) @ 1:7");
  CHECK(at("s = 'ab\\x4z'\n") == "truncated \\xXX escape @ 1:8");
  CHECK(at(std::string("x = 1\ny = 2\0\n", 14)) == "invalid non-printable character U+0000 @ 2:6");
}

TEST_CASE("syntax: malformed UTF-8 is an error, not an exception from ANTLR", "[frontend][syntax]") {
  CHECK(at("x = 1\ns = 'ok \xc3\xa9 \xff'\n") == "invalid UTF-8: byte 0xff cannot start a character here @ 2:11");
  CHECK(at("s = '\xe2\x82'\n") == "invalid UTF-8: byte 0xe2 cannot start a character here @ 1:6");
  CHECK(at("s = '\xc0\xaf'\n") == "invalid UTF-8: byte 0xc0 cannot start a character here @ 1:6");  // overlong
  CHECK_FALSE(isIncompleteInput("x = '\xff"));
}

TEST_CASE("syntax: f-string errors point into the string", "[frontend][syntax]") {
  CHECK(at("s = f'{}'\n") == "f-string: empty expression not allowed @ 1:8");
  CHECK(at("s = f'{x!z}'\n") == "f-string: invalid conversion character: expected 's', 'r', or 'a' @ 1:10");
  CHECK(at("s = f'a}b'\n") == "f-string: single '}' is not allowed @ 1:8");
  CHECK(at("s = f'{x'\n") == "f-string: expecting '}' @ 1:7");
  CHECK(at("s = f'{x:{y:{z}}}'\n") == "f-string: expressions nested too deeply @ 1:12");
  // An error inside the field's expression is located in the field.
  CHECK(at("s = f'value: {a +}'\n") == "expected an expression @ 1:18");
  CHECK(at("s = f'{a b}'\n") == "invalid syntax @ 1:10");
}

TEST_CASE("syntax: assignment targets", "[frontend][syntax]") {
  CHECK(at("f() = 1\n") == "cannot assign to function call @ 1:1");
  CHECK(at("x, 1 = a\n") == "cannot assign to literal @ 1:4");
  CHECK(at("a + b = c\n") == "cannot assign to expression @ 1:1");
  CHECK(at("None = 1\n") == "cannot assign to None @ 1:1");
  CHECK(at("for f() in x:\n    pass\n") == "cannot assign to function call @ 1:5");
  CHECK(at("(a, b) += 1\n") == "'tuple' is an illegal expression for augmented assignment @ 1:1");
  CHECK(at("[x for 1 in y]\n") == "cannot assign to literal @ 1:8");
}

TEST_CASE("syntax: arguments and parameters", "[frontend][syntax]") {
  CHECK(at("f(a=1, 2)\n") == "positional argument follows keyword argument @ 1:8");
  CHECK(at("f(a=1, a=2)\n") == "keyword argument repeated: a @ 1:8");
  CHECK(at("def f(a=1, b):\n    pass\n") == "non-default argument follows default argument @ 1:12");
  CHECK(at("def f(a, a):\n    pass\n") == "duplicate argument 'a' in function definition @ 1:10");
}

TEST_CASE("syntax: statements outside their context", "[frontend][syntax]") {
  CHECK(at("x = 1\nreturn x\n") == "'return' outside function @ 2:1");
  CHECK(at("break\n") == "'break' outside loop @ 1:1");
  CHECK(at("while x:\n    def g():\n        continue\n") == "'continue' not properly in loop @ 3:9");
}

TEST_CASE("syntax: unsupported Python features are named", "[frontend][syntax]") {
  CHECK(at("async def f():\n    pass\n") == "'async' is not supported by tdsl @ 1:1");
  CHECK(at("s = f(x for x in y, 1)\n") == "Generator expression must be parenthesized @ 1:7");
}

TEST_CASE("syntax: deep nesting is an error, never a crash", "[frontend][syntax]") {
  CHECK(at("x = " + nested("(", "1", ")", 10000) + "\n") == "too deeply nested @ 1:205");
  CHECK(at("x = " + nested("[", "", "]", 201) + "\n") == "too deeply nested @ 1:205");
  CHECK(at("x = " + nested("{1: ", "1", "}", 10000) + "\n").rfind("too deeply nested @ 1:", 0) == 0);
  CHECK(at("x = " + nested("f(", "1", ")", 10000) + "\n").rfind("too deeply nested @ 1:", 0) == 0);
  CHECK(at("x = " + repeat("-", 10000) + "1\n") == "too deeply nested @ 1:205");
  CHECK(at("x = " + repeat("not ", 10000) + "1\n") == "too deeply nested @ 1:805");
  CHECK(at("x = " + repeat("2 ** ", 10000) + "1\n").rfind("too deeply nested @ 1:", 0) == 0);
  CHECK(at("x = " + repeat("lambda: ", 10000) + "1\n").rfind("too deeply nested @ 1:", 0) == 0);
  CHECK(at("x = " + repeat("lambda a, b: ", 10000) + "1\n").rfind("too deeply nested @ 1:", 0) == 0);
  CHECK(at("x = " + repeat("1 if c else ", 10000) + "1\n").rfind("too deeply nested @ 1:", 0) == 0);
  // Left-nested chains: no recursion in ANTLR, but too deep an AST.
  CHECK(at("x = 1" + repeat(" + 1", 100000) + "\n") == "too deeply nested @ 1:5");
  CHECK(at("x = a" + repeat(".b", 10000) + "\n") == "too deeply nested @ 1:5");
  CHECK(at("x = a" + repeat("[1]", 10000) + "\n") == "too deeply nested @ 1:5");
  CHECK(at("x = f" + repeat("()", 10000) + "\n") == "too deeply nested @ 1:5");
  // Blocks.
  std::string blocks;
  for (int i = 0; i < 1000; ++i) blocks += std::string(i, ' ') + "if x:\n";
  blocks += std::string(1000, ' ') + "pass\n";
  CHECK(at(blocks) == "too deeply nested @ 102:102");  // the 101st block
  // f-string fields add to the depth of the expression around them.
  CHECK(at("x = f'{" + nested("(", "1", ")", 300) + "}'\n").rfind("too deeply nested @ 1:", 0) == 0);
}
