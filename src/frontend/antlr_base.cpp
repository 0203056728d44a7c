// Indentation, bracket and nesting checks on the raw token stream; the
// parser's recursion guard. See antlr_base.h.
#include "frontend/antlr_base.h"

#include <fmt/format.h>

#include <cctype>

#include "frontend/ast.h"
#include "frontend/source_text.h"

namespace tdsl::frontend {

using antlr4::Token;

// Note [Nesting depth]
// The parser is recursive descent, so deeply nested input would overflow the
// C++ stack inside ANTLR before the AST builder could object. The lexer sees
// every token first, iteratively, and measures nesting in "levels": one per
// open bracket, plus one per right-nesting construct pending at each bracket
// level — `not`, `lambda`, an inline `if`, `**`, and a prefix `-`, `+`, `~` —
// each of which makes the parser recurse once more. Such constructs end at the
// next ',' (or, at statement level, ';', '=', an augmented assignment or the
// end of the line), so their count resets there; this over-approximates and
// never under-counts except for `lambda a, b:` chains, which the parser's rule
// guard (TdslParserBase) catches. Past ast::kMaxBracketDepth levels the input
// is "too deeply nested" (CPython: "too many nested parentheses" at 200).

struct TdslLexerBase::Types {
  size_t newline, indent, dedent, string, fstring, unterminated, errorChar, unsupportedLiteral;
  size_t notKw, lambdaKw, ifKw, power, minus, plus, tilde;
  std::vector<size_t> closerOf;  // opener type -> closer type, 0 otherwise
  std::vector<size_t> openerOf;  // closer type -> opener type, 0 otherwise
  std::vector<bool> operandEnd;  // after these, + - ~ are binary operators
  std::vector<bool> statementReset;  // end pending constructs at statement level
  std::vector<bool> elementReset;    // end pending constructs at any level

  explicit Types(antlr4::Lexer& lexer) {
    auto type = [&](const char* name) {
      size_t t = lexer.getTokenType(name);
      TDSL_ASSERT(t != Token::INVALID_TYPE);
      return t;
    };
    newline = type("NEWLINE"), indent = type("INDENT"), dedent = type("DEDENT");
    string = type("STRING"), fstring = type("FSTRING"), unterminated = type("UNTERMINATED_STRING_ERROR");
    errorChar = type("ERROR_CHAR");
    unsupportedLiteral = type("UNSUPPORTED_LITERAL_ERROR");
    notKw = type("NOT"), lambdaKw = type("LAMBDA"), ifKw = type("IF");
    power = type("POWER"), minus = type("MINUS"), plus = type("ADD"), tilde = type("TILDE");

    const antlr4::dfa::Vocabulary& vocab = lexer.getVocabulary();
    size_t n = vocab.getMaxTokenType() + 1;
    closerOf.assign(n, 0), openerOf.assign(n, 0);
    operandEnd.assign(n, false), statementReset.assign(n, false), elementReset.assign(n, false);
    for (auto [open, close] : {std::pair{"LPAR", "RPAR"}, {"LSQB", "RSQB"}, {"LBRACE", "RBRACE"}}) {
      closerOf[type(open)] = type(close);
      openerOf[type(close)] = type(open);
    }
    for (const char* name : {"NAME", "INTEGER", "FLOAT", "STRING", "FSTRING", "RPAR", "RSQB",
                             "RBRACE", "ELLIPSIS", "NONE", "TRUE", "FALSE"})
      operandEnd[type(name)] = true;
    elementReset[type("COMMA")] = true;
    for (size_t t = 1; t < n; ++t) {
      std::string name = vocab.getSymbolicName(t);
      if (name == "SEMI" || name == "ASSIGN" ||
          (name.size() > 7 && name.compare(name.size() - 7, 7, "_ASSIGN") == 0))
        statementReset[t] = true;
    }
  }
};

void TdslLexerBase::configure(SourceFilePtr file, bool expressionMode, bool lenientEnd) {
  file_ = std::move(file);
  expressionMode_ = expressionMode;
  lenientEnd_ = lenientEnd;
  atLineStart_ = !expressionMode;
  brackets_.assign(1, Bracket{0, 0, 0, 0});
}

std::unique_ptr<Token> TdslLexerBase::nextToken() {
  if (!types_) {
    static const Types types(*this);  // one grammar, so one table
    types_ = &types;
    if (brackets_.empty()) brackets_.assign(1, Bracket{0, 0, 0, 0});
  }
  while (pending_.empty()) handle(Lexer::nextToken());
  std::unique_ptr<Token> token = std::move(pending_.front());
  pending_.pop_front();
  return token;
}

void TdslLexerBase::handle(std::unique_ptr<Token> token) {
  const Types& T = *types_;
  size_t type = token->getType();
  if (type == Token::EOF) return finish(std::move(token));
  if (type == T.newline) {
    // Implicit line joining inside brackets; blank and comment-only lines.
    if (brackets_.size() > 1 || expressionMode_ || atLineStart_) return;
    brackets_[0].chain = 0;
    pending_.push_back(synthetic(T.newline, *token, "\n"));
    previousType_ = T.newline;
    atLineStart_ = true;
    return;
  }
  if (type == T.unterminated) fail(*token, "unterminated string literal");
  if (type == T.unsupportedLiteral) {
    char last = token->getText().back();
    fail(*token, last == 'j' || last == 'J' ? "complex literals ('1j') are not supported by tdsl"
                                            : "bytes literals (b'...') are not supported by tdsl");
  }
  if (type == T.errorChar) {
    std::string text = token->getText();
    uint32_t cp = firstCodePoint(text);
    if (cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp < 0xA0))
      fail(*token, fmt::format("invalid non-printable character U+{:04X}", cp));
    fail(*token, fmt::format("invalid character '{}' (U+{:04X})", text, cp));
  }
  if (type == T.string || type == T.fstring) {
    // `"""abc` with no closing quotes lexes as the empty string "" followed
    // by an unterminated ", so an empty string right before its quote
    // character is an unterminated triple-quoted string.
    std::string text = token->getText();
    char quote = text.back();
    bool empty = text.size() >= 2 && text[text.size() - 2] == quote &&
                 (text.size() == 2 || std::isalpha(static_cast<unsigned char>(text[text.size() - 3])));
    if (empty && _input->LA(1) == static_cast<size_t>(quote)) {
      if (lenientEnd_) end_.openLongString = true;
      fail(*token, "unterminated triple-quoted string literal");
    }
  }
  bool firstOnLine = atLineStart_;
  if (atLineStart_) indent(*token);
  atLineStart_ = false;
  trackNesting(*token, firstOnLine);
  previousType_ = type;
  pending_.push_back(std::move(token));
}

// Python's rule: a tab advances to the next multiple of 8, a form feed resets.
static size_t indentWidth(const std::string& prefix) {
  size_t width = 0;
  for (char c : prefix) {
    if (c == '\t') width = (width / 8 + 1) * 8;
    else if (c == '\f') width = 0;
    else ++width;
  }
  return width;
}

void TdslLexerBase::indent(const Token& first) {
  size_t col = first.getCharPositionInLine();
  size_t start = first.getStartIndex();
  std::string prefix = col ? _input->getText(antlr4::misc::Interval(start - col, start - 1)) : "";
  size_t width = indentWidth(prefix);
  if (width > indents_.back()) {
    if (indents_.size() > static_cast<size_t>(ast::kMaxBlockDepth)) fail(first, "too deeply nested");
    indents_.push_back(width);
    pending_.push_back(synthetic(types_->indent, first, ""));
    return;
  }
  while (width < indents_.back()) {
    indents_.pop_back();
    pending_.push_back(synthetic(types_->dedent, first, ""));
  }
  if (width != indents_.back()) fail(first, "unindent does not match any outer indentation level");
}

void TdslLexerBase::trackNesting(const Token& token, bool firstOnLine) {
  const Types& T = *types_;
  size_t type = token.getType();
  Bracket& level = brackets_.back();
  auto levels = [&] {
    int n = static_cast<int>(brackets_.size()) - 1;
    for (const Bracket& b : brackets_) n += b.chain;
    return n;
  };
  auto bracketText = [](const Token& t) { return "'" + t.getText() + "'"; };

  if (T.closerOf[type]) {
    if (levels() >= ast::kMaxBracketDepth) fail(token, "too deeply nested");
    brackets_.push_back(Bracket{type, token.getLine(), token.getCharPositionInLine() + 1, 0});
  } else if (T.openerOf[type]) {
    if (brackets_.size() == 1) fail(token, "unmatched " + bracketText(token));
    if (level.type != T.openerOf[type]) {
      std::string opener = getVocabulary().getLiteralName(level.type);  // e.g. "'['"
      fail(token, "unmatched " + bracketText(token),
           fmt::format("{} opened at {}:{} is still open", opener, level.line, level.col));
    }
    brackets_.pop_back();
  } else if (type == T.notKw || type == T.lambdaKw || type == T.power ||
             (type == T.ifKw && !firstOnLine) ||
             ((type == T.minus || type == T.plus || type == T.tilde) && !T.operandEnd[previousType_])) {
    ++level.chain;
    if (levels() > ast::kMaxBracketDepth) fail(token, "too deeply nested");
  } else if (T.elementReset[type] || (brackets_.size() == 1 && T.statementReset[type])) {
    level.chain = 0;
  }
}

void TdslLexerBase::finish(std::unique_ptr<Token> eof) {
  if (finished_) {
    pending_.push_back(std::move(eof));
    return;
  }
  finished_ = true;
  if (brackets_.size() > 1) {
    const Bracket& open = brackets_.back();
    if (lenientEnd_) {
      end_.openBracket = true;
    } else {
      std::string opener = getVocabulary().getLiteralName(open.type);
      SourceRange where{file_, {int(open.line), int(open.col)}, {int(open.line), int(open.col) + 1}};
      Error error(ErrorKind::Syntax, opener + " was never closed", where);
      error.note = fmt::format("{} opened at {}:{}", opener, open.line, open.col);
      throw error;
    }
  }
  if (!expressionMode_) {
    if (!atLineStart_) pending_.push_back(synthetic(types_->newline, *eof, ""));
    for (size_t i = 1; i < indents_.size(); ++i) pending_.push_back(synthetic(types_->dedent, *eof, ""));
    indents_.resize(1);
  }
  pending_.push_back(std::move(eof));
}

std::unique_ptr<Token> TdslLexerBase::synthetic(size_t type, const Token& at, const std::string& text) {
  // No input stream: CommonToken::getText() would read an empty text from it.
  return _factory->create({this, nullptr}, type, text, Token::DEFAULT_CHANNEL, at.getStartIndex(),
                          at.getStartIndex(), at.getLine(), at.getCharPositionInLine());
}

void TdslLexerBase::fail(const Token& at, std::string message, std::string note) {
  Error error(ErrorKind::Syntax, std::move(message), tokenRange(file_, at));
  error.note = std::move(note);
  throw error;
}

SourceRange tokenRange(const SourceFilePtr& file, const Token& token) {
  SourceLoc begin{static_cast<int>(token.getLine()), static_cast<int>(token.getCharPositionInLine()) + 1};
  if (token.getType() == Token::EOF) return SourceRange{file, begin, begin};
  return SourceRange{file, begin, locationAfter(begin, token.getText())};
}

// ---------------------------------------------------------------------------

void TdslParserBase::push() {
  if (depth_ >= kMaxRuleDepth) {
    throw Error(ErrorKind::Syntax, "too deeply nested", tokenRange(file, *getCurrentToken()));
  }
  ++depth_;
}

void TdslParserBase::enterRule(antlr4::ParserRuleContext* ctx, size_t state, size_t ruleIndex) {
  push();
  Parser::enterRule(ctx, state, ruleIndex);
}

void TdslParserBase::exitRule() {
  --depth_;
  Parser::exitRule();
}

void TdslParserBase::enterRecursionRule(antlr4::ParserRuleContext* ctx, size_t state, size_t ruleIndex,
                                        int precedence) {
  push();
  Parser::enterRecursionRule(ctx, state, ruleIndex, precedence);
}

void TdslParserBase::unrollRecursionContexts(antlr4::ParserRuleContext* parent) {
  --depth_;
  Parser::unrollRecursionContexts(parent);
}

}  // namespace tdsl::frontend
