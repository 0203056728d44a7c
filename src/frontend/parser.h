// The frontend's public API: tdsl source text → AST (frontend/ast.h).
//
// Every syntax error is a tdsl::Error with ErrorKind::Syntax, a message a
// Python user understands ("expected ':'", "unmatched ')'", "unexpected
// indent", ...) and the SourceRange of the offending token; `note` may add a
// second location ("'(' opened at 3:5"). Parsing stops at the first error.
// Input nested beyond the limits in ast.h is "too deeply nested", never a
// stack overflow (Note [AST depth]).
//
// No ANTLR type appears here: the generated parser and the ANTLR runtime are
// private to src/frontend (antlr_base.h and parser.cpp).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "frontend/ast.h"
#include "support/diagnostics.h"

namespace tdsl {

// Parses a whole script. Throws tdsl::Error (Syntax).
std::unique_ptr<ast::Module> parseModule(SourceFilePtr file);

// The token stream the parser sees, for tests and debugging: `kind` is the
// grammar's token name ("NAME", "INTEGER", "NEWLINE", "INDENT", "DEDENT",
// "LPAR", "EOF", ...), `text` the source text ("" for INDENT/DEDENT/EOF,
// "\n" for NEWLINE), `line`/`col` 1-based. Throws like parseModule for
// lexical errors.
struct TokenInfo {
  std::string kind;
  std::string text;
  int line = 0;
  int col = 0;
};
std::vector<TokenInfo> tokenize(SourceFilePtr file);

// An S-expression rendering of the AST, one statement per line, e.g.
//   (assign (targets (name x)) (binop + (int 1) (int 2)))
// Strings are printed with C-style escapes in double quotes.
std::string dumpAst(const ast::Module& module);
std::string dumpAst(const ast::Expr& expr);

// For the REPL: true when `text` cannot be complete yet — it ends inside an
// open bracket or triple-quoted string, after a '\' continuation, after a
// block header (a line ending in ':'), or inside an indented block or a
// compound statement (one-line ones too) that no blank line has closed. Text that is complete or wrong returns false (parse
// it to get the error).
bool isIncompleteInput(const std::string& text);

}  // namespace tdsl
