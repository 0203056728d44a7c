// Superclasses of the generated TdslLexer and TdslParser.
//
// ANTLR boundary: this header includes the ANTLR runtime, so only the
// generated lexer/parser and src/frontend/parser.cpp may include it.
// Everything else uses frontend/parser.h.
#pragma once

#include <cstddef>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "antlr4-runtime.h"
#include "support/diagnostics.h"

namespace tdsl::frontend {

// Python's token stream from the raw tokens of grammar/TdslLexer.g4; see
// Note [Indentation tokens] there. Throws tdsl::Error (Syntax) for lexical
// errors, bracket errors and input nested deeper than the ast.h limits, in
// text order, before the parser runs.
//
// Invariants of the stream it produces: INDENT and DEDENT are balanced; no
// NEWLINE, INDENT or DEDENT appears inside brackets; every NEWLINE ends a
// line that had tokens; the last tokens are NEWLINE DEDENT* EOF (or just EOF
// for an empty file or in expression mode); brackets are balanced.
class TdslLexerBase : public antlr4::Lexer {
 public:
  explicit TdslLexerBase(antlr4::CharStream* input) : antlr4::Lexer(input) {}

  // `expressionMode`: the input is one expression (an f-string field), lexed
  // as if inside brackets. `lenientEnd`: at the end of the input, record an
  // open bracket or string in `end()` instead of throwing (for the REPL).
  void configure(SourceFilePtr file, bool expressionMode, bool lenientEnd = false);

  std::unique_ptr<antlr4::Token> nextToken() override;

  // With lenientEnd: what was still open at the end of the input.
  struct EndState {
    bool openBracket = false;     // set at EOF
    bool openLongString = false;  // set before the "unterminated" error is thrown
  };
  const EndState& end() const { return end_; }

 private:
  struct Types;  // token types looked up by name in the generated vocabulary
  struct Bracket {
    size_t type;
    size_t line, col;  // 1-based
    int chain;         // right-nesting operators seen at this level (Note [Nesting depth])
  };

  void handle(std::unique_ptr<antlr4::Token> token);
  void indent(const antlr4::Token& first);
  void trackNesting(const antlr4::Token& token, bool firstOnLine);
  void finish(std::unique_ptr<antlr4::Token> eof);
  std::unique_ptr<antlr4::Token> synthetic(size_t type, const antlr4::Token& at, const std::string& text);
  [[noreturn]] void fail(const antlr4::Token& at, std::string message, std::string note = {});

  SourceFilePtr file_;
  bool expressionMode_ = false;
  bool lenientEnd_ = false;
  const Types* types_ = nullptr;
  std::deque<std::unique_ptr<antlr4::Token>> pending_;
  std::vector<size_t> indents_{0};    // widths of the open blocks; indents_[0] == 0
  std::vector<Bracket> brackets_;     // open brackets; [0] is the statement level
  bool atLineStart_ = true;           // no token yet on this logical line
  bool finished_ = false;             // EOF seen and the final tokens queued
  size_t previousType_ = 0;           // last token handed out (0: none)
  EndState end_;
};

// The parser superclass guards the C++ stack: it counts nested rule
// invocations and throws "too deeply nested" past kMaxRuleDepth, a backstop
// behind the lexer's nesting check for input that slips past it.
class TdslParserBase : public antlr4::Parser {
 public:
  // About 10 rule frames per bracket level (test → or_test → ... → atom);
  // generated frames are a few hundred bytes, so this stays under ~1 MB.
  static constexpr int kMaxRuleDepth = 2500;

  explicit TdslParserBase(antlr4::TokenStream* input) : antlr4::Parser(input) {}
  SourceFilePtr file;

  void enterRule(antlr4::ParserRuleContext* ctx, size_t state, size_t ruleIndex) override;
  // Parser::exitRule is not virtual: this hides it, and the generated rule
  // functions (members of the subclass) call this one.
  void exitRule();
  void enterRecursionRule(antlr4::ParserRuleContext* ctx, size_t state, size_t ruleIndex, int precedence) override;
  void unrollRecursionContexts(antlr4::ParserRuleContext* parent) override;
  using antlr4::Parser::enterRecursionRule;  // the other overload, unchanged

 private:
  void push();
  int depth_ = 0;
};

// The source range a token covers (it may span lines: long strings).
SourceRange tokenRange(const SourceFilePtr& file, const antlr4::Token& token);

}  // namespace tdsl::frontend

// The generated code names its superclasses without a namespace.
namespace tdsl_antlr {
using TdslLexerBase = tdsl::frontend::TdslLexerBase;
using TdslParserBase = tdsl::frontend::TdslParserBase;
}  // namespace tdsl_antlr
