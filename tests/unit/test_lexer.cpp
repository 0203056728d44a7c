// Lexer: Python's token stream (indentation, line joining, literals) and the
// REPL's incomplete-input check. Token kinds are the grammar's names.
#include <catch2/catch.hpp>

#include <memory>
#include <string>

#include "frontend/parser.h"

using namespace tdsl;

namespace {

SourceFilePtr source(std::string text) {
  return std::make_shared<SourceFile>(SourceFile{"test.td", std::move(text)});
}

// Kinds of all tokens, space-separated (EOF included).
std::string kinds(const std::string& text) {
  std::string out;
  for (const TokenInfo& t : tokenize(source(text))) out += (out.empty() ? "" : " ") + t.kind;
  return out;
}

TokenInfo tokenAt(const std::string& text, size_t index) { return tokenize(source(text)).at(index); }

// The dump of the single expression statement in `text`.
std::string exprDump(const std::string& text) {
  auto module = parseModule(source(text + "\n"));
  REQUIRE(module->body.size() == 1);
  return dumpAst(*module->body[0]->as<ast::ExprStmt>()->value);
}

}  // namespace

TEST_CASE("lexer: simple statement ends with NEWLINE then EOF", "[frontend][lexer]") {
  CHECK(kinds("x = 1\n") == "NAME ASSIGN INTEGER NEWLINE EOF");
  CHECK(kinds("x = 1") == "NAME ASSIGN INTEGER NEWLINE EOF");  // no final line break
  CHECK(kinds("") == "EOF");
  CHECK(kinds("\n\n   \n# only a comment\n") == "EOF");
}

TEST_CASE("lexer: INDENT and DEDENT around a block", "[frontend][lexer]") {
  CHECK(kinds("if x:\n    y\nz\n") == "IF NAME COLON NEWLINE INDENT NAME NEWLINE DEDENT NAME NEWLINE EOF");
}

TEST_CASE("lexer: dedent to several levels at once", "[frontend][lexer]") {
  std::string text = "if a:\n  if b:\n    if c:\n      x\ny\n";
  CHECK(kinds(text) ==
        "IF NAME COLON NEWLINE INDENT IF NAME COLON NEWLINE INDENT IF NAME COLON NEWLINE INDENT NAME NEWLINE "
        "DEDENT DEDENT DEDENT NAME NEWLINE EOF");
  // Partial dedent: back to the middle level.
  CHECK(kinds("if a:\n  if b:\n    x\n  y\n") ==
        "IF NAME COLON NEWLINE INDENT IF NAME COLON NEWLINE INDENT NAME NEWLINE DEDENT NAME NEWLINE DEDENT EOF");
}

TEST_CASE("lexer: blocks still open at end of input are closed", "[frontend][lexer]") {
  CHECK(kinds("def f():\n  if x:\n    return 1") ==
        "DEF NAME LPAR RPAR COLON NEWLINE INDENT IF NAME COLON NEWLINE INDENT RETURN INTEGER NEWLINE "
        "DEDENT DEDENT EOF");
}

TEST_CASE("lexer: blank and comment-only lines do not affect indentation", "[frontend][lexer]") {
  std::string text =
      "if x:\n"
      "    a = 1\n"
      "\n"
      "# a comment at column 1\n"
      "        # a deeper comment\n"
      "    b = 2  # trailing comment\n";
  CHECK(kinds(text) ==
        "IF NAME COLON NEWLINE INDENT NAME ASSIGN INTEGER NEWLINE NAME ASSIGN INTEGER NEWLINE DEDENT EOF");
}

TEST_CASE("lexer: a tab advances to the next multiple of 8", "[frontend][lexer]") {
  CHECK(kinds("if x:\n\ta\n        b\n") == "IF NAME COLON NEWLINE INDENT NAME NEWLINE NAME NEWLINE DEDENT EOF");
}

TEST_CASE("lexer: implicit line joining inside brackets", "[frontend][lexer]") {
  CHECK(kinds("x = (1,\n  2)\n") == "NAME ASSIGN LPAR INTEGER COMMA INTEGER RPAR NEWLINE EOF");
  CHECK(kinds("f([1,\n\n# comment\n        2], {\n'a':\n 3})\n") ==
        "NAME LPAR LSQB INTEGER COMMA INTEGER RSQB COMMA LBRACE STRING COLON INTEGER RBRACE RPAR NEWLINE EOF");
  // Inside a block, the continuation lines' indentation is irrelevant.
  CHECK(kinds("if x:\n    y = [1,\n2]\n    z\n") ==
        "IF NAME COLON NEWLINE INDENT NAME ASSIGN LSQB INTEGER COMMA INTEGER RSQB NEWLINE NAME NEWLINE DEDENT EOF");
}

TEST_CASE("lexer: backslash continuation joins lines", "[frontend][lexer]") {
  CHECK(kinds("x = 1 + \\\n    2\n") == "NAME ASSIGN INTEGER ADD INTEGER NEWLINE EOF");
  CHECK(tokenAt("x = 1 + \\\n    2\n", 4).line == 2);
}

TEST_CASE("lexer: Windows line endings", "[frontend][lexer]") {
  CHECK(kinds("if x:\r\n  y\r\nz\r\n") == "IF NAME COLON NEWLINE INDENT NAME NEWLINE DEDENT NAME NEWLINE EOF");
}

TEST_CASE("lexer: token positions are 1-based, columns in code points", "[frontend][lexer]") {
  std::string text = "if x:\n    é = 'ü'; y\n";
  TokenInfo indent = tokenAt(text, 4);
  CHECK(indent.kind == "INDENT");
  CHECK((indent.line == 2 && indent.col == 5));
  TokenInfo name = tokenAt(text, 5);
  CHECK((name.kind == "NAME" && name.text == "é" && name.col == 5));
  TokenInfo y = tokenAt(text, 9);
  CHECK((y.text == "y" && y.line == 2 && y.col == 14));
}

TEST_CASE("lexer: keywords, operators and delimiters", "[frontend][lexer]") {
  CHECK(kinds("a is not b") == "NAME IS NOT NAME NEWLINE EOF");
  CHECK(kinds("x //= 2 ** 3 // 4 @ m") == "NAME IDIV_ASSIGN INTEGER POWER INTEGER IDIV INTEGER AT NAME NEWLINE EOF");
  CHECK(kinds("a[...] <= b >> 1 != c") == "NAME LSQB ELLIPSIS RSQB LE NAME RSHIFT INTEGER NE NAME NEWLINE EOF");
  CHECK(kinds("lambda: None") == "LAMBDA COLON NONE NEWLINE EOF");
  CHECK(kinds("await") == "UNSUPPORTED_KEYWORD NEWLINE EOF");
  CHECK(kinds("class try except finally raise with") == "CLASS TRY EXCEPT FINALLY RAISE WITH NEWLINE EOF");
}

TEST_CASE("lexer: integer literal forms", "[frontend][lexer]") {
  CHECK(kinds("1_000 0x_ff 0o17 0b1010 0") == "INTEGER INTEGER INTEGER INTEGER INTEGER NEWLINE EOF");
  CHECK(exprDump("1_000") == "(int 1000)");
  CHECK(exprDump("0x_fF") == "(int 255)");
  CHECK(exprDump("0o17") == "(int 15)");
  CHECK(exprDump("0b1010") == "(int 10)");
  CHECK(exprDump("9223372036854775807") == "(int 9223372036854775807)");
}

TEST_CASE("lexer: float literal forms", "[frontend][lexer]") {
  CHECK(kinds("1e-05 2. .5 1_0.2_5e+1_0 3E4") == "FLOAT FLOAT FLOAT FLOAT FLOAT NEWLINE EOF");
  CHECK(exprDump("1e-05") == "(float 1e-05)");
  CHECK(exprDump("2.") == "(float 2.0)");
  CHECK(exprDump(".5") == "(float 0.5)");
  CHECK(exprDump("1_0.2_5") == "(float 10.25)");
  CHECK(exprDump("1e999") == "(float inf)");
}

TEST_CASE("lexer: string literal forms and escapes", "[frontend][lexer]") {
  CHECK(exprDump("'single'") == "(str \"single\")");
  CHECK(exprDump("\"double 'q'\"") == "(str \"double 'q'\")");
  CHECK(exprDump(R"('a\nb\tc\\d\'e\"f')") == R"((str "a\nb\tc\\d'e\"f"))");
  CHECK(exprDump(R"("\x41\u00e9\U0001F600\101")") == "(str \"Aé😀A\")");
  CHECK(exprDump(R"('\q')") == R"((str "\\q"))");  // unknown escape kept
  CHECK(exprDump(R"(r'\n\x')") == R"((str "\\n\\x"))");
  CHECK(exprDump("'a' \"b\" 'c'") == "(str \"abc\")");  // adjacent literals join
}

TEST_CASE("lexer: triple-quoted strings span lines", "[frontend][lexer]") {
  std::string text = "x = \"\"\"one\n'two' \"\"\n\"\"\"\ny\n";
  auto tokens = tokenize(source(text));
  CHECK(tokens[2].kind == "STRING");
  CHECK((tokens[4].text == "y" && tokens[4].line == 4));
  auto module = parseModule(source(text));
  CHECK(dumpAst(*module).find("(str \"one\\n'two' \\\"\\\"\\n\")") != std::string::npos);
}

TEST_CASE("lexer: f-strings", "[frontend][lexer]") {
  CHECK(kinds("f'{x}' F\"y\" rf'{z}'") == "FSTRING FSTRING FSTRING NEWLINE EOF");
  CHECK(exprDump("f'a{x}b'") == "(fstring \"a\" (field (name x)) \"b\")");
  CHECK(exprDump("f\"{x:>5d}\"") == "(fstring (field (name x) (spec \">5d\")))");
  CHECK(exprDump("f'{x!r}'") == "(fstring (field (name x) !r))");
  CHECK(exprDump("f'{x!s:^{w}.{p}f}'") ==
        "(fstring (field (name x) !s (spec \"^\" (field (name w)) \".\" (field (name p)) \"f\")))");
  CHECK(exprDump("f'{{literal}} {{{x}}}'") == "(fstring \"{literal} {\" (field (name x)) \"}\")");
  CHECK(exprDump("f\"{d['k']} {a[1:2]} {x != y} {(lambda: 1)()}\"") ==
        "(fstring (field (subscript (name d) (str \"k\"))) \" \" (field (subscript (name a) (slice (int 1) (int 2) _)))"
        " \" \" (field (compare (name x) != (name y))) \" \" (field (call (lambda (params) (int 1)))))");
  CHECK(exprDump("'a' f'{x}' 'b'") == "(fstring \"a\" (field (name x)) \"b\")");
  CHECK(exprDump("f'tab\\t{x}'") == "(fstring \"tab\\t\" (field (name x)))");
}

TEST_CASE("lexer: f-string fields carry their own source locations", "[frontend][lexer]") {
  auto module = parseModule(source("y = 0\nprint(f\"ab {x + 1:>{width}}\")\n"));
  const auto* call = module->body[1]->as<ast::ExprStmt>()->value->as<ast::Call>();
  const auto* fstring = call->args[0]->as<ast::FString>();
  REQUIRE(fstring->parts.size() == 2);
  const ast::FStringPart& field = fstring->parts[1];
  CHECK((field.where.begin.line == 2 && field.where.begin.col == 12));
  CHECK((field.where.end.line == 2 && field.where.end.col == 28));
  const ast::Expr& sum = *field.expr;
  CHECK((sum.where.begin.line == 2 && sum.where.begin.col == 13));
  CHECK((sum.where.end.line == 2 && sum.where.end.col == 18));
  const ast::Expr& width = *field.spec.at(1).expr;
  CHECK((width.where.begin.col == 21 && width.where.end.col == 26));
}

TEST_CASE("lexer: isIncompleteInput for the REPL", "[frontend][lexer]") {
  CHECK_FALSE(isIncompleteInput("x = 1\n"));
  CHECK(isIncompleteInput("x = (1,\n"));
  CHECK(isIncompleteInput("f(a, [1,\n 2\n"));
  CHECK(isIncompleteInput("s = '''abc\n"));
  CHECK(isIncompleteInput("x = 1 + \\\n"));
  CHECK(isIncompleteInput("if x:\n"));
  CHECK(isIncompleteInput("def f():\n    return 1\n"));
  CHECK_FALSE(isIncompleteInput("def f():\n    return 1\n\n"));
  CHECK(isIncompleteInput("@torch.compile\n"));
  CHECK_FALSE(isIncompleteInput("x = (1,\n  2)\n"));
  CHECK_FALSE(isIncompleteInput("x = )\n"));
  // A one-line compound statement waits for the blank line, as Python's prompt.
  CHECK(isIncompleteInput("for i in range(3): print(i)\n"));
  CHECK(isIncompleteInput("if x: y = 1\n"));
  CHECK_FALSE(isIncompleteInput("for i in range(3): print(i)\n\n"));
  CHECK_FALSE(isIncompleteInput("print(1); x = 2\n"));
  CHECK_FALSE(isIncompleteInput("iffy = 1\n"));  // wrong, not incomplete: parse it for the error
}
