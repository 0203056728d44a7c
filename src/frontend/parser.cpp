// Parse tree → AST. The one file that drives the generated ANTLR parser
// (besides the generated code and antlr_base, which it includes); nothing it
// returns carries an ANTLR type.
//
// Note [Two-stage parsing]
// Each text is parsed first in SLL prediction mode with a bail-out error
// strategy (fast, and exact for valid input); only if that fails is it
// parsed again in full LL mode with the default strategy, whose first
// reported error becomes the tdsl::Error (SyntaxErrorListener). Lexical,
// bracket and nesting errors are raised before either stage, while the token
// stream is filled.
//
// Note [Deep input]
// Three guards keep the C++ stack bounded, in order:
//  1. the lexer rejects more than ast::kMaxBracketDepth levels of brackets and
//     right-nesting operators (Note [Nesting depth] in antlr_base.cpp) and
//     more than ast::kMaxBlockDepth indented blocks, before ANTLR parses;
//  2. TdslParserBase bounds ANTLR's rule recursion as a backstop;
//  3. left-recursive chains (a + b + c ..., a.b.c ..., f(x)(y)...) do not
//     recurse in ANTLR but make deep trees: this builder walks them in a loop
//     and tracks the AST depth of every node it makes (`depth_`), so the AST
//     obeys Note [AST depth] and "too deeply nested" is reported otherwise.
#include "frontend/parser.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <set>

#include "TdslLexer.h"
#include "TdslParser.h"
#include "frontend/antlr_base.h"
#include "frontend/literals.h"
#include "frontend/source_text.h"

namespace tdsl {
namespace {

using antlr4::ParserRuleContext;
using antlr4::Token;
using antlr4::tree::TerminalNode;
using L = tdsl_antlr::TdslLexer;
using P = tdsl_antlr::TdslParser;
using namespace ast;

[[noreturn]] void fail(SourceRange where, std::string message) {
  throw Error(ErrorKind::Syntax, std::move(message), std::move(where));
}

bool isLayout(size_t type) {
  return type == P::NEWLINE || type == P::INDENT || type == P::DEDENT || type == Token::EOF;
}

bool startsExpression(size_t type) {
  switch (type) {
    case P::NAME: case P::INTEGER: case P::FLOAT: case P::STRING: case P::FSTRING:
    case P::LPAR: case P::LSQB: case P::LBRACE: case P::ELLIPSIS: case P::NONE:
    case P::TRUE: case P::FALSE: case P::MINUS: case P::ADD: case P::TILDE:
    case P::NOT: case P::LAMBDA:
      return true;
    default:
      return false;
  }
}

// " after 'if' statement on line 3", for an expected block.
std::string blockOwner(ParserRuleContext* ctx) {
  auto* block = dynamic_cast<P::BlockContext*>(ctx);
  if (!block || !block->parent) return "";
  auto* owner = dynamic_cast<ParserRuleContext*>(block->parent);
  if (auto* def = dynamic_cast<P::FuncdefContext*>(owner))
    return fmt::format(" after function definition on line {}", def->DEF()->getSymbol()->getLine());
  if (auto* cls = dynamic_cast<P::ClassdefContext*>(owner))
    return fmt::format(" after class definition on line {}", cls->CLASS()->getSymbol()->getLine());
  Token* keyword = nullptr;
  for (antlr4::tree::ParseTree* child : owner->children) {
    if (child == block) break;
    if (auto* t = dynamic_cast<TerminalNode*>(child)) {
      size_t type = t->getSymbol()->getType();
      if (type == P::IF || type == P::ELIF || type == P::ELSE || type == P::WHILE || type == P::FOR ||
          type == P::TRY || type == P::EXCEPT || type == P::FINALLY || type == P::WITH)
        keyword = t->getSymbol();
    }
  }
  if (!keyword) return "";
  return fmt::format(" after '{}' statement on line {}", keyword->getText(), keyword->getLine());
}

// Turns ANTLR's report into a Python-style message (Note [Two-stage parsing]).
class SyntaxErrorListener : public antlr4::BaseErrorListener {
 public:
  explicit SyntaxErrorListener(SourceFilePtr file) : file_(std::move(file)) {}

  void syntaxError(antlr4::Recognizer* recognizer, Token* offending, size_t line, size_t col,
                   const std::string&, std::exception_ptr e) override {
    auto* parser = dynamic_cast<P*>(recognizer);
    if (!parser || !offending) {
      SourceLoc at{int(line), int(col) + 1};
      fail(SourceRange{file_, at, {at.line, at.col + 1}}, "invalid syntax");
    }
    fail(frontend::tokenRange(file_, *offending), describe(*parser, *offending, e));
  }

 private:
  static std::string describe(P& parser, Token& offending, std::exception_ptr e) {
    size_t type = offending.getType();
    if (type == P::INDENT) return "unexpected indent";
    if (type == P::UNSUPPORTED_KEYWORD) return fmt::format("'{}' is not supported by tdsl", offending.getText());
    antlr4::misc::IntervalSet expected = parser.getExpectedTokens();
    try {
      if (e) std::rethrow_exception(e);
    } catch (antlr4::NoViableAltException& noViable) {
      // The decision failed further on than where it started: what it
      // expected at its start says nothing about this token.
      if (noViable.getStartToken() != &offending) expected = antlr4::misc::IntervalSet();
    } catch (...) {
    }
    if (expected.contains(size_t(P::INDENT))) return "expected an indented block" + blockOwner(parser.getContext());
    ParserRuleContext* ctx = parser.getContext();
    bool header = dynamic_cast<P::If_stmtContext*>(ctx) || dynamic_cast<P::While_stmtContext*>(ctx) ||
                  dynamic_cast<P::For_stmtContext*>(ctx) || dynamic_cast<P::FuncdefContext*>(ctx) ||
                  dynamic_cast<P::LambdefContext*>(ctx) || dynamic_cast<P::DictorsetmakerContext*>(ctx);
    if (header && expected.contains(size_t(P::COLON))) return "expected ':'";
    if (dynamic_cast<P::Try_stmtContext*>(ctx) && expected.contains(size_t(P::EXCEPT)))
      return "expected 'except' or 'finally' block";
    // A line end, a closer or an operator where an operand belongs. Not a
    // keyword (that is just "invalid syntax"), and not where only a NAME may
    // come (a parameter, an import): every expression position takes a number.
    bool keyword = std::isalpha(static_cast<unsigned char>(offending.getText()[0])) && type != P::NAME;
    if (!startsExpression(type) && !keyword && expected.contains(size_t(P::INTEGER))) return "expected an expression";
    return "invalid syntax";
  }

  SourceFilePtr file_;
};

// One text through lexer and parser. `expressionMode`: an f-string field.
struct Parse {
  antlr4::ANTLRInputStream input;
  L lexer;
  antlr4::CommonTokenStream tokens;
  P parser;
  SyntaxErrorListener listener;

  Parse(const SourceFilePtr& file, const std::string& text, bool expressionMode, SourceLoc start = {1, 1},
        bool lenientEnd = false)
      : input(text), lexer(&input), tokens(&lexer), parser(&tokens), listener(file) {
    lexer.configure(file, expressionMode, lenientEnd);
    lexer.setLine(start.line);
    lexer.setCharPositionInLine(start.col - 1);
    lexer.removeErrorListeners();
    lexer.addErrorListener(&listener);
    parser.file = file;
    parser.removeErrorListeners();
  }

  // Note [Two-stage parsing]. `entry` is the start rule (file_input, eval_input).
  template <class Entry>
  auto run(Entry entry) {
    tokens.fill();  // every lexer check happens here, before the parser runs
    auto* sim = parser.getInterpreter<antlr4::atn::ParserATNSimulator>();
    sim->setPredictionMode(antlr4::atn::PredictionMode::SLL);
    parser.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
    try {
      return (parser.*entry)();
    } catch (antlr4::ParseCancellationException&) {
    }
    parser.reset();
    sim->setPredictionMode(antlr4::atn::PredictionMode::LL);
    parser.setErrorHandler(std::make_shared<antlr4::DefaultErrorStrategy>());
    parser.addErrorListener(&listener);
    return (parser.*entry)();
  }
};

ExprPtr parseFieldExpression(const SourceFilePtr& file, const std::string& text, SourceLoc at, int depth);

// ---------------------------------------------------------------------------

class Builder {
 public:
  Builder(SourceFilePtr file, antlr4::CommonTokenStream& tokens, int depth)
      : file_(std::move(file)), tokens_(tokens), depth_(depth) {}

  std::unique_ptr<Module> module(P::File_inputContext* ctx) {
    auto m = std::make_unique<Module>();
    m->where = SourceRange{file_, {1, 1}, frontend::tokenRange(file_, *ctx->EOF()->getSymbol()).begin};
    for (P::StmtContext* s : ctx->stmt()) stmt(s, m->body);
    return m;
  }

  ExprPtr expression(P::Eval_inputContext* ctx) { return build(ctx->testlist()); }

 private:
  // Sets the AST depth of the node about to be built (Note [Deep input]).
  class AtDepth {
   public:
    AtDepth(Builder& b, int depth, Token* at) : b_(b), saved_(b.depth_) {
      if (depth > kMaxExprDepth) fail(b.range(at), "too deeply nested");
      b.depth_ = depth;
    }
    ~AtDepth() { b_.depth_ = saved_; }

   private:
    Builder& b_;
    int saved_;
  };

  // Builds a child expression, one level below the current node.
  template <class Ctx>
  ExprPtr child(Ctx* ctx) {
    AtDepth at(*this, depth_ + 1, ctx->getStart());
    return build(ctx);
  }

  template <class T>
  std::unique_ptr<T> node(SourceRange where) {
    auto n = std::make_unique<T>();
    n->where = std::move(where);
    return n;
  }

  SourceRange range(Token* t) const { return frontend::tokenRange(file_, *t); }
  SourceRange range(TerminalNode* t) const { return range(t->getSymbol()); }
  // A context's range, without the NEWLINE/INDENT/DEDENT tokens that end blocks.
  SourceRange range(ParserRuleContext* ctx) const {
    size_t first = ctx->getStart()->getTokenIndex(), last = ctx->getStop()->getTokenIndex();
    while (last > first && isLayout(tokens_.get(last)->getType())) --last;
    return span(range(ctx->getStart()), range(tokens_.get(last)));
  }
  SourceRange span(const SourceRange& a, const SourceRange& b) const { return SourceRange{file_, a.begin, b.end}; }
  Token* before(Token* t) const { return tokens_.get(t->getTokenIndex() - 1); }

  // --- statements -----------------------------------------------------------

  void stmt(P::StmtContext* ctx, StmtList& out) {
    if (auto* simple = ctx->simple_stmts()) return simpleStmts(simple, out);
    P::Compound_stmtContext* c = ctx->compound_stmt();
    if (auto* s = c->if_stmt()) out.push_back(ifStmt(s));
    else if (auto* s = c->while_stmt()) out.push_back(whileStmt(s));
    else if (auto* s = c->for_stmt()) out.push_back(forStmt(s));
    else if (auto* s = c->classdef()) out.push_back(classdef(s));
    else if (auto* s = c->try_stmt()) out.push_back(tryStmt(s));
    else if (auto* s = c->with_stmt()) out.push_back(withStmt(s));
    else out.push_back(funcdef(c->funcdef()));
  }

  // --- the object model and exceptions (docs/language.md) -----------

  StmtPtr classdef(P::ClassdefContext* ctx) {
    auto s = node<ClassDef>(span(range(ctx->CLASS()), range(ctx)));
    for (P::DecoratorContext* d : ctx->decorator()) s->decorators.push_back(child(d->test()));
    s->name = ctx->NAME()->getText();
    for (P::TestContext* b : ctx->test()) s->bases.push_back(child(b));
    int loops = loops_;
    loops_ = 0;
    bool inClass = inClassBody_;
    int annotations = classAnnotations_;
    inClassBody_ = true;
    classAnnotations_ = 0;
    s->body = block(ctx->block());
    if (classAnnotations_) {  // Note [Class-body annotations]
      SourceRange where = range(ctx->CLASS());
      auto init = node<Assign>(where);
      auto target = node<Name>(where);
      target->id = "__annotations__";
      init->targets.push_back(std::move(target));
      init->value = node<Dict>(where);
      s->body.insert(s->body.begin(), std::move(init));
    }
    inClassBody_ = inClass;
    classAnnotations_ = annotations;
    loops_ = loops;
    return s;
  }

  // `__annotations__[name] = 'text'` (Note [Class-body annotations]).
  StmtPtr annotationStore(const SourceRange& where, const std::string& name, P::TestContext* annotation) {
    auto store = node<Assign>(where);
    auto dict = node<Name>(where);
    dict->id = "__annotations__";
    auto key = node<StrLit>(where);
    key->value = name;
    auto target = node<Subscript>(where);
    target->value = std::move(dict);
    target->index = std::move(key);
    store->targets.push_back(std::move(target));
    auto text = node<StrLit>(where);
    antlr4::Token* a = annotation->getStart();
    antlr4::Token* b = annotation->getStop();
    text->value = a->getInputStream()->getText(antlr4::misc::Interval(a->getStartIndex(), b->getStopIndex()));
    store->value = std::move(text);
    return store;
  }

  StmtPtr tryStmt(P::Try_stmtContext* ctx) {
    auto s = node<Try>(range(ctx));
    std::vector<P::BlockContext*> blocks = ctx->block();
    s->body = block(blocks[0]);
    std::vector<P::Except_clauseContext*> clauses = ctx->except_clause();
    for (size_t i = 0; i < clauses.size(); ++i) {
      P::Except_clauseContext* c = clauses[i];
      ExceptHandler h;
      h.where = range(c);
      if (c->test()) h.type = child(c->test());
      else if (i + 1 < clauses.size()) fail(range(c->EXCEPT()), "default 'except:' must be last");
      if (c->NAME()) h.name = c->NAME()->getText();
      h.body = block(c->block());
      s->handlers.push_back(std::move(h));
    }
    size_t next = 1;
    if (ctx->ELSE()) s->orelse = block(blocks[next++]);
    if (ctx->FINALLY()) s->finalbody = block(blocks[next++]);
    return s;
  }

  StmtPtr withStmt(P::With_stmtContext* ctx) {
    auto s = node<With>(range(ctx));
    for (P::With_itemContext* item : ctx->with_item()) {
      WithItem w;
      w.where = range(item);
      w.context = child(item->test());
      if (item->expr()) {
        w.target = child(item->expr());
        checkTarget(*w.target, /*augmented=*/false);
      }
      s->items.push_back(std::move(w));
    }
    s->body = block(ctx->block());
    return s;
  }

  void simpleStmts(P::Simple_stmtsContext* ctx, StmtList& out) {
    for (P::Simple_stmtContext* s : ctx->simple_stmt()) {
      out.push_back(simpleStmt(s));
      if (pendingAnnotation_) out.push_back(std::move(pendingAnnotation_));
    }
  }

  StmtList block(P::BlockContext* ctx) {
    StmtList body;
    if (auto* simple = ctx->simple_stmts()) simpleStmts(simple, body);
    for (P::StmtContext* s : ctx->stmt()) stmt(s, body);
    return body;
  }

  StmtPtr simpleStmt(P::Simple_stmtContext* ctx) {
    SourceRange where = range(ctx);
    if (auto* s = ctx->expr_stmt()) return exprStmt(s);
    if (ctx->PASS()) return node<Pass>(where);
    if (ctx->BREAK()) {
      if (!loops_) fail(where, "'break' outside loop");
      return node<Break>(where);
    }
    if (ctx->CONTINUE()) {
      if (!loops_) fail(where, "'continue' not properly in loop");
      return node<Continue>(where);
    }
    if (auto* s = ctx->return_stmt()) {
      if (!functions_) fail(where, "'return' outside function");
      auto r = node<Return>(where);
      if (s->testlist()) r->value = child(s->testlist());
      return r;
    }
    if (auto* s = ctx->global_stmt()) {
      auto g = node<Global>(where);
      for (TerminalNode* name : s->NAME()) g->names.push_back(name->getText());
      return g;
    }
    if (auto* s = ctx->assert_stmt()) {
      auto a = node<Assert>(where);
      a->test = child(s->test(0));
      if (s->test().size() > 1) a->msg = child(s->test(1));
      return a;
    }
    if (auto* s = ctx->raise_stmt()) {
      auto r = node<Raise>(where);
      std::vector<P::TestContext*> tests = s->test();
      if (!tests.empty()) r->exc = child(tests[0]);
      if (tests.size() > 1) r->cause = child(tests[1]);
      return r;
    }
    if (auto* y = ctx->yield_expr()) {
      auto e = node<ExprStmt>(where);
      e->value = child(y);
      return e;
    }
    if (auto* d = ctx->del_stmt()) {
      auto del = node<Delete>(where);
      ExprPtr targets = child(d->exprlist());
      if (auto* t = targets->as<Tuple>(); t && !d->exprlist()->COMMA().empty()) del->targets = std::move(t->elts);
      else del->targets.push_back(std::move(targets));
      for (const ExprPtr& t : del->targets) checkDelTarget(*t);
      return del;
    }
    if (auto* n = ctx->nonlocal_stmt()) {
      if (!functions_) fail(where, "nonlocal declaration not allowed at module level");
      auto g = node<Nonlocal>(where);
      for (TerminalNode* name : n->NAME()) g->names.push_back(name->getText());
      return g;
    }
    return importStmt(ctx->import_stmt());
  }

  // A right-hand side: a testlist or a yield expression.
  ExprPtr rhs(antlr4::tree::ParseTree* t) {
    if (auto* y = dynamic_cast<P::Yield_exprContext*>(t)) return child(y);
    ExprPtr e = child(static_cast<P::TestlistContext*>(t));
    noStarred(*e);
    return e;
  }
  // The testlists and yield expressions of an expr_stmt, in order.
  static std::vector<antlr4::tree::ParseTree*> sides(ParserRuleContext* ctx) {
    std::vector<antlr4::tree::ParseTree*> out;
    for (antlr4::tree::ParseTree* c : ctx->children)
      if (dynamic_cast<P::TestlistContext*>(c) || dynamic_cast<P::Yield_exprContext*>(c)) out.push_back(c);
    return out;
  }

  StmtPtr exprStmt(P::Expr_stmtContext* ctx) {
    std::vector<antlr4::tree::ParseTree*> lists = sides(ctx);
    if (P::AnnassignContext* ann = ctx->annassign()) {
      // x: T = v is x = v; a bare `x: T` does nothing at run time.
      ExprPtr target = child(static_cast<P::TestlistContext*>(lists[0]));
      if (!target->is<Name>() && !target->is<Attribute>() && !target->is<Subscript>())
        fail(target->where, target->is<Tuple>() ? "only single target (not tuple) can be annotated"
                                                : fmt::format("illegal target for annotation"));
      std::vector<antlr4::tree::ParseTree*> values = sides(ann);
      if (inClassBody_ && target->is<Name>()) {
        ++classAnnotations_;
        pendingAnnotation_ = annotationStore(range(ctx), target->as<Name>()->id, ann->test());
      }
      if (values.empty()) return node<Pass>(range(ctx));
      auto s = node<Assign>(range(ctx));
      s->targets.push_back(std::move(target));
      s->value = rhs(values[0]);
      return s;
    }
    if (P::AugassignContext* op = ctx->augassign()) {
      auto s = node<AugAssign>(range(ctx));
      s->target = child(static_cast<P::TestlistContext*>(lists[0]));
      checkTarget(*s->target, /*augmented=*/true);
      s->op = binOp(op->getStart()->getType());
      s->value = rhs(lists[1]);
      return s;
    }
    if (lists.size() == 1) {
      auto s = node<ExprStmt>(range(ctx));
      s->value = rhs(lists[0]);
      return s;
    }
    auto s = node<Assign>(range(ctx));
    for (size_t i = 0; i + 1 < lists.size(); ++i) {
      auto* t = dynamic_cast<P::TestlistContext*>(lists[i]);
      if (!t) fail(range(static_cast<ParserRuleContext*>(lists[i])), "assignment to yield expression not possible");
      s->targets.push_back(child(t));
      checkTarget(*s->targets.back(), /*augmented=*/false);
    }
    s->value = rhs(lists.back());
    return s;
  }

  StmtPtr importStmt(P::Import_stmtContext* ctx) {
    if (auto* from = dynamic_cast<P::ImportFromContext*>(ctx)) {
      auto s = node<ImportFrom>(range(ctx));
      s->module = from->dotted_name()->getText();
      for (P::Import_as_nameContext* a : from->import_as_names()->import_as_name()) {
        Alias alias;
        alias.where = range(a);
        alias.name = a->NAME(0)->getText();
        if (a->NAME().size() > 1) alias.asname = a->NAME(1)->getText();
        s->names.push_back(std::move(alias));
      }
      return s;
    }
    auto s = node<Import>(range(ctx));
    for (P::Dotted_as_nameContext* a : static_cast<P::ImportNameContext*>(ctx)->dotted_as_name()) {
      Alias alias;
      alias.where = range(a);
      alias.name = a->dotted_name()->getText();
      if (a->NAME()) alias.asname = a->NAME()->getText();
      s->names.push_back(std::move(alias));
    }
    return s;
  }

  StmtPtr ifStmt(P::If_stmtContext* ctx) {
    auto s = node<If>(range(ctx));
    std::vector<P::TestContext*> tests = ctx->test();
    std::vector<P::BlockContext*> blocks = ctx->block();
    for (size_t i = 0; i < tests.size(); ++i) {
      IfBranch branch;
      branch.where = span(range(before(tests[i]->getStart())), range(blocks[i]));
      branch.test = child(tests[i]);
      branch.body = block(blocks[i]);
      s->branches.push_back(std::move(branch));
    }
    if (blocks.size() > tests.size()) s->orelse = block(blocks.back());
    return s;
  }

  StmtPtr whileStmt(P::While_stmtContext* ctx) {
    auto s = node<While>(range(ctx));
    s->test = child(ctx->test());
    ++loops_;
    s->body = block(ctx->block(0));
    --loops_;
    if (ctx->block().size() > 1) s->orelse = block(ctx->block(1));
    return s;
  }

  StmtPtr forStmt(P::For_stmtContext* ctx) {
    auto s = node<For>(range(ctx));
    s->target = child(ctx->exprlist());
    checkTarget(*s->target, /*augmented=*/false);
    s->iter = child(ctx->testlist());
    noStarred(*s->iter);
    ++loops_;
    s->body = block(ctx->block(0));
    --loops_;
    if (ctx->block().size() > 1) s->orelse = block(ctx->block(1));
    return s;
  }

  StmtPtr funcdef(P::FuncdefContext* ctx) {
    auto s = node<FunctionDef>(span(range(ctx->DEF()), range(ctx)));
    for (P::DecoratorContext* d : ctx->decorator()) s->decorators.push_back(child(d->test()));
    s->name = ctx->NAME()->getText();
    if (ctx->params()) s->params = params(ctx->params()->param());
    int loops = loops_;
    loops_ = 0;
    bool inClass = inClassBody_;
    inClassBody_ = false;
    ++functions_;
    s->body = block(ctx->block());
    --functions_;
    inClassBody_ = inClass;
    loops_ = loops;
    return s;
  }

  // def and lambda parameters (param / lambda_param): Python's order rules.
  template <class Ctx>
  std::vector<Param> params(const std::vector<Ctx*>& ctxs) {
    std::vector<Param> result;
    std::set<std::string> seen;
    bool star = false, starStar = false, bareStar = false;
    for (Ctx* ctx : ctxs) {
      Param p;
      p.where = range(ctx);
      if (starStar) fail(p.where, "arguments cannot follow var-keyword argument");
      if (ctx->STAR()) {
        if (star) fail(p.where, "* argument may appear only once");
        star = true;
        if (!ctx->NAME()) { bareStar = true; continue; }
        p.kind = ParamKind::VarArgs;
      } else if (ctx->POWER()) {
        starStar = true;
        p.kind = ParamKind::VarKw;
      } else if (star) {
        p.kind = ParamKind::KwOnly;
        bareStar = false;
      }
      p.name = ctx->NAME()->getText();
      if (!seen.insert(p.name).second) fail(range(ctx->NAME()), fmt::format("duplicate argument '{}' in function definition", p.name));
      bool hasDefault = false;
      P::TestContext* last = nullptr;  // the default when there is one (an annotation comes before it)
      for (antlr4::tree::ParseTree* c : ctx->children) {
        if (auto* t = dynamic_cast<TerminalNode*>(c); t && t->getSymbol()->getType() == P::ASSIGN) hasDefault = true;
        if (auto* t = dynamic_cast<P::TestContext*>(c)) last = t;
      }
      if (hasDefault) p.defaultValue = child(last);
      else if (p.kind == ParamKind::Normal && !result.empty() && result.back().kind == ParamKind::Normal && result.back().defaultValue)
        fail(p.where, "non-default argument follows default argument");
      result.push_back(std::move(p));
    }
    if (bareStar) fail(range(ctxs.back()), "named arguments must follow bare *");
    return result;
  }

  static void noStarred(const Expr& e) {
    if (e.is<Starred>()) fail(e.where, "can't use starred expression here");
  }
  void checkDelTarget(const Expr& e) {
    if (e.is<Name>() || e.is<Attribute>() || e.is<Subscript>()) return;
    const ExprList* elts = e.is<Tuple>() ? &e.as<Tuple>()->elts : e.is<List>() ? &e.as<List>()->elts : nullptr;
    if (!elts) fail(e.where, fmt::format("cannot delete {}", describe(e)));
    for (const ExprPtr& elt : *elts) checkDelTarget(*elt);
  }

  // Note [Assignment targets] in ast.h.
  static const char* describe(const Expr& e) {
    switch (e.kind) {
      case Expr::Kind::Call: return "function call";
      case Expr::Kind::NoneLit: return "None";
      case Expr::Kind::BoolLit: return e.as<BoolLit>()->value ? "True" : "False";
      case Expr::Kind::EllipsisLit: return "ellipsis";
      case Expr::Kind::IntLit: case Expr::Kind::FloatLit: case Expr::Kind::StrLit: return "literal";
      case Expr::Kind::FString: return "f-string expression";
      case Expr::Kind::Compare: return "comparison";
      case Expr::Kind::IfExp: return "conditional expression";
      case Expr::Kind::Lambda: return "lambda";
      case Expr::Kind::ListComp: return "list comprehension";
      case Expr::Kind::Dict: return "dict literal";
      case Expr::Kind::Tuple: return "tuple";
      case Expr::Kind::List: return "list";
      default: return "expression";
    }
  }

  void checkTarget(const Expr& e, bool augmented) {
    if (e.is<Name>() || e.is<Attribute>() || e.is<Subscript>()) return;
    if (augmented) fail(e.where, fmt::format("'{}' is an illegal expression for augmented assignment", describe(e)));
    if (e.is<Starred>()) fail(e.where, "starred assignment target must be in a list or tuple");
    const ExprList* elts = e.is<Tuple>() ? &e.as<Tuple>()->elts : e.is<List>() ? &e.as<List>()->elts : nullptr;
    if (!elts) fail(e.where, fmt::format("cannot assign to {}", describe(e)));
    bool starred = false;
    for (const ExprPtr& elt : *elts) {
      if (auto* s = elt->as<Starred>()) {
        if (starred) fail(elt->where, "multiple starred expressions in assignment");
        starred = true;
        checkTarget(*s->value, false);
        continue;
      }
      checkTarget(*elt, false);
    }
  }

  // --- expressions ----------------------------------------------------------
  // Each build() makes a node at AST depth depth_; children go through child().

  // `a, b` is a tuple; a lone `a` (no comma) is itself.
  template <class Ctx, class Item>
  ExprPtr maybeTuple(Ctx* ctx, const std::vector<Item*>& items) {
    if (items.size() == 1 && ctx->COMMA().empty()) return build(items[0]);
    auto t = node<Tuple>(range(ctx));
    for (Item* item : items) t->elts.push_back(child(item));
    return t;
  }
  ExprPtr build(P::TestlistContext* ctx) { return maybeTuple(ctx, ctx->test_or_star()); }
  ExprPtr build(P::ExprlistContext* ctx) { return maybeTuple(ctx, ctx->expr_or_star()); }
  ExprPtr build(P::Test_or_starContext* ctx) {
    if (auto* s = ctx->star_expr()) return build(s);
    return build(ctx->test());
  }
  ExprPtr build(P::Expr_or_starContext* ctx) {
    if (auto* s = ctx->star_expr()) return build(s);
    return build(ctx->expr());
  }
  ExprPtr build(P::Star_exprContext* ctx) {
    auto e = node<Starred>(range(ctx));
    e->value = child(ctx->expr());
    return e;
  }
  ExprPtr build(P::Yield_exprContext* ctx) {
    if (!functions_) fail(range(ctx), "'yield' outside function");
    if (ctx->FROM()) {
      auto e = node<YieldFrom>(range(ctx));
      e->value = child(ctx->test());
      return e;
    }
    auto e = node<Yield>(range(ctx));
    if (ctx->testlist()) {
      e->value = child(ctx->testlist());
      noStarred(*e->value);
    }
    return e;
  }
  ExprPtr build(P::SubscriptlistContext* ctx) { return maybeTuple(ctx, ctx->subscript()); }

  ExprPtr build(P::TestContext* ctx) {
    if (auto* l = ctx->lambdef()) return build(l);
    std::vector<P::Or_testContext*> ors = ctx->or_test();
    if (ors.size() == 1) return build(ors[0]);
    auto e = node<IfExp>(range(ctx));
    e->body = child(ors[0]);
    e->test = child(ors[1]);
    e->orelse = child(ctx->test());
    return e;
  }

  ExprPtr build(P::LambdefContext* ctx) {
    auto e = node<Lambda>(range(ctx));
    if (ctx->lambda_params()) e->params = params(ctx->lambda_params()->lambda_param());
    e->body = child(ctx->test());
    return e;
  }

  template <class Ctx, class Operand>
  ExprPtr boolOp(Ctx* ctx, const std::vector<Operand*>& operands, BoolOpKind op) {
    if (operands.size() == 1) return build(operands[0]);
    auto e = node<BoolOp>(range(ctx));
    e->op = op;
    for (Operand* o : operands) e->values.push_back(child(o));
    return e;
  }
  ExprPtr build(P::Or_testContext* ctx) { return boolOp(ctx, ctx->and_test(), BoolOpKind::Or); }
  ExprPtr build(P::And_testContext* ctx) { return boolOp(ctx, ctx->not_test(), BoolOpKind::And); }

  ExprPtr build(P::Not_testContext* ctx) {
    if (!ctx->not_test()) return build(ctx->comparison());
    auto e = node<UnaryOp>(range(ctx));
    e->op = UnaryOpKind::Not;
    e->operand = child(ctx->not_test());
    return e;
  }

  ExprPtr build(P::ComparisonContext* ctx) {
    // (The vector accessors, not ctx->comp_op(i), which rescans the children.)
    std::vector<P::ExprContext*> operands = ctx->expr();
    if (operands.size() == 1) return build(operands[0]);
    std::vector<P::Comp_opContext*> ops = ctx->comp_op();
    auto e = node<Compare>(range(ctx));
    e->left = child(operands[0]);
    for (size_t i = 1; i < operands.size(); ++i) {
      e->ops.push_back(cmpOp(ops[i - 1]));
      e->comparators.push_back(child(operands[i]));
    }
    return e;
  }

  static CmpOpKind cmpOp(P::Comp_opContext* ctx) {
    size_t first = ctx->getStart()->getType();
    bool twoWords = ctx->children.size() == 2;
    switch (first) {
      case P::LT: return CmpOpKind::Lt;
      case P::GT: return CmpOpKind::Gt;
      case P::EQ: return CmpOpKind::Eq;
      case P::GE: return CmpOpKind::GtE;
      case P::LE: return CmpOpKind::LtE;
      case P::NE: return CmpOpKind::NotEq;
      case P::IN: return CmpOpKind::In;
      case P::NOT: return CmpOpKind::NotIn;
      default: return twoWords ? CmpOpKind::IsNot : CmpOpKind::Is;
    }
  }

  static BinOpKind binOp(size_t type) {
    switch (type) {
      case P::ADD: case P::ADD_ASSIGN: return BinOpKind::Add;
      case P::MINUS: case P::SUB_ASSIGN: return BinOpKind::Sub;
      case P::STAR: case P::MUL_ASSIGN: return BinOpKind::Mul;
      case P::DIV: case P::DIV_ASSIGN: return BinOpKind::Div;
      case P::IDIV: case P::IDIV_ASSIGN: return BinOpKind::FloorDiv;
      case P::MOD: case P::MOD_ASSIGN: return BinOpKind::Mod;
      case P::POWER: case P::POW_ASSIGN: return BinOpKind::Pow;
      case P::AT: case P::AT_ASSIGN: return BinOpKind::MatMul;
      case P::AMP: case P::AND_ASSIGN: return BinOpKind::BitAnd;
      case P::PIPE: case P::OR_ASSIGN: return BinOpKind::BitOr;
      case P::CARET: case P::XOR_ASSIGN: return BinOpKind::BitXor;
      case P::LSHIFT: case P::LSHIFT_ASSIGN: return BinOpKind::LShift;
      default: return BinOpKind::RShift;
    }
  }

  ExprPtr build(P::ExprContext* ctx) {
    if (auto* atom = dynamic_cast<P::AtomExprContext*>(ctx)) return build(atom->primary());
    if (auto* unary = dynamic_cast<P::UnaryContext*>(ctx)) return build(unary);
    return binaryChain(static_cast<P::BinaryContext*>(ctx));
  }

  // a - b + c is ((a - b) + c): a left spine in the parse tree, walked in a
  // loop (Note [Deep input]). spine[k]'s node sits at depth base + k.
  ExprPtr binaryChain(P::BinaryContext* top) {
    std::vector<P::BinaryContext*> spine{top};
    while (auto* left = dynamic_cast<P::BinaryContext*>(spine.back()->expr(0))) spine.push_back(left);
    const int base = depth_;
    ExprPtr acc;
    {
      AtDepth at(*this, base + static_cast<int>(spine.size()), top->getStart());
      acc = build(spine.back()->expr(0));
    }
    for (size_t k = spine.size(); k-- > 0;) {
      P::BinaryContext* b = spine[k];
      auto e = node<BinOp>(range(b));
      e->op = binOp(b->op->getType());
      e->lhs = std::move(acc);
      AtDepth at(*this, base + static_cast<int>(k) + 1, b->expr(1)->getStart());
      e->rhs = build(b->expr(1));
      acc = std::move(e);
    }
    return acc;
  }

  ExprPtr build(P::UnaryContext* ctx) {
    size_t type = ctx->op->getType();
    if (type == P::MINUS) {
      if (ExprPtr min = int64Min(ctx)) return min;
    }
    auto e = node<UnaryOp>(range(ctx));
    e->op = type == P::MINUS ? UnaryOpKind::Neg : type == P::ADD ? UnaryOpKind::Pos : UnaryOpKind::Invert;
    e->operand = child(ctx->expr());
    return e;
  }

  // `-9223372036854775808` is the one literal whose magnitude exceeds int64:
  // it becomes IntLit(INT64_MIN) rather than an error.
  ExprPtr int64Min(P::UnaryContext* ctx) {
    auto* atomExpr = dynamic_cast<P::AtomExprContext*>(ctx->expr());
    if (!atomExpr || !atomExpr->primary()->trailer().empty()) return nullptr;
    auto* lit = dynamic_cast<P::IntAtomContext*>(atomExpr->primary()->atom());
    uint64_t v = 0;
    if (!lit || !frontend::parseInteger(lit->getText(), &v) || v != uint64_t(1) << 63) return nullptr;
    auto e = node<IntLit>(range(ctx));
    e->value = INT64_MIN;
    return e;
  }

  // a.b(c)[d]: trailer k makes the node at depth base + (n - 1 - k).
  ExprPtr build(P::PrimaryContext* ctx) {
    std::vector<P::TrailerContext*> trailers = ctx->trailer();
    if (trailers.empty()) return build(ctx->atom());
    const int base = depth_;
    const int n = static_cast<int>(trailers.size());
    ExprPtr acc;
    {
      AtDepth at(*this, base + n, ctx->getStart());
      acc = build(ctx->atom());
    }
    SourceRange start = range(ctx->getStart());
    for (int k = 0; k < n; ++k) {
      AtDepth at(*this, base + (n - 1 - k), trailers[k]->getStart());
      acc = trailer(std::move(acc), trailers[k], span(start, range(trailers[k])));
    }
    return acc;
  }

  ExprPtr trailer(ExprPtr value, P::TrailerContext* ctx, SourceRange where) {
    if (auto* attr = dynamic_cast<P::AttrTrailerContext*>(ctx)) {
      auto e = node<Attribute>(std::move(where));
      e->value = std::move(value);
      e->attr = attr->NAME()->getText();
      return e;
    }
    if (auto* sub = dynamic_cast<P::SubscriptTrailerContext*>(ctx)) {
      auto e = node<Subscript>(std::move(where));
      e->value = std::move(value);
      e->index = child(sub->subscriptlist());
      return e;
    }
    auto e = node<Call>(std::move(where));
    e->func = std::move(value);
    if (P::ArglistContext* args = static_cast<P::CallTrailerContext*>(ctx)->arglist()) arguments(*e, args);
    return e;
  }

  void arguments(Call& call, P::ArglistContext* ctx) {
    std::set<std::string> seen;
    bool kwUnpack = false;
    std::vector<P::ArgumentContext*> args = ctx->argument();
    for (P::ArgumentContext* arg : args) {
      if (arg->comp_for()) {
        if (args.size() > 1 || !ctx->COMMA().empty()) fail(range(arg), "Generator expression must be parenthesized");
        call.args.push_back(genexp(arg, arg->test(), arg->comp_for()));
        continue;
      }
      if (arg->POWER()) {
        Keyword k;
        k.where = range(arg);
        k.value = child(arg->test());
        call.keywords.push_back(std::move(k));
        kwUnpack = true;
        continue;
      }
      if (arg->STAR()) {
        if (kwUnpack) fail(range(arg), "iterable argument unpacking follows keyword argument unpacking");
        auto e = node<Starred>(range(arg));
        e->value = child(arg->test());
        call.args.push_back(std::move(e));
        continue;
      }
      if (!arg->NAME()) {
        if (kwUnpack) fail(range(arg), "positional argument follows keyword argument unpacking");
        if (!call.keywords.empty()) fail(range(arg), "positional argument follows keyword argument");
        call.args.push_back(child(arg->test()));
        continue;
      }
      Keyword k;
      k.where = range(arg);
      k.name = arg->NAME()->getText();
      if (!seen.insert(k.name).second) fail(k.where, fmt::format("keyword argument repeated: {}", k.name));
      k.value = child(arg->test());
      call.keywords.push_back(std::move(k));
    }
  }

  ExprPtr build(P::SubscriptContext* ctx) {
    if (ctx->COLON().empty()) return build(ctx->test(0));
    auto e = node<Slice>(range(ctx));
    ExprPtr* parts[] = {&e->lower, &e->upper, &e->step};
    size_t part = 0;
    for (antlr4::tree::ParseTree* c : ctx->children) {
      if (auto* test = dynamic_cast<P::TestContext*>(c)) *parts[part] = child(test);
      else ++part;  // a ':'
    }
    return e;
  }

  ExprPtr build(P::AtomContext* ctx) {
    if (auto* paren = dynamic_cast<P::ParenAtomContext*>(ctx)) {
      P::Testlist_compContext* items = paren->testlist_comp();
      if (!items) return node<Tuple>(range(ctx));
      if (items->comp_for()) return genexp(ctx, items->test_or_star(0), items->comp_for());
      if (items->test_or_star().size() == 1 && items->COMMA().empty()) {
        ExprPtr e = build(items->test_or_star(0));
        noStarred(*e);
        return e;
      }
      auto t = node<Tuple>(range(ctx));
      for (P::Test_or_starContext* item : items->test_or_star()) t->elts.push_back(child(item));
      return t;
    }
    if (auto* y = dynamic_cast<P::YieldAtomContext*>(ctx)) return build(y->yield_expr());
    if (auto* list = dynamic_cast<P::ListAtomContext*>(ctx)) {
      P::Testlist_compContext* items = list->testlist_comp();
      if (items && items->comp_for()) return listComp(ctx, items);
      auto l = node<List>(range(ctx));
      if (items)
        for (P::Test_or_starContext* item : items->test_or_star()) l->elts.push_back(child(item));
      return l;
    }
    if (auto* dict = dynamic_cast<P::DictAtomContext*>(ctx)) {
      P::DictorsetmakerContext* items = dict->dictorsetmaker();
      if (!items) return node<Dict>(range(ctx));
      std::vector<P::TestContext*> tests = items->test();
      if (!items->COLON().empty()) {
        if (P::Comp_forContext* comp = items->comp_for()) {
          auto e = node<DictComp>(range(ctx));
          e->key = child(tests[0]);
          e->value = child(tests[1]);
          e->generators = comprehensions(comp);
          return e;
        }
        auto d = node<Dict>(range(ctx));
        for (size_t i = 0; i < tests.size(); i += 2) {
          d->keys.push_back(child(tests[i]));
          d->values.push_back(child(tests[i + 1]));
        }
        return d;
      }
      if (P::Comp_forContext* comp = items->comp_for()) {
        auto e = node<SetComp>(range(ctx));
        e->elt = child(tests[0]);
        e->generators = comprehensions(comp);
        return e;
      }
      auto set = node<Set>(range(ctx));
      for (P::TestContext* t : tests) set->elts.push_back(child(t));
      return set;
    }
    if (auto* name = dynamic_cast<P::NameAtomContext*>(ctx)) {
      auto e = node<Name>(range(ctx));
      e->id = name->getText();
      return e;
    }
    if (dynamic_cast<P::IntAtomContext*>(ctx)) {
      uint64_t v = 0;
      if (!frontend::parseInteger(ctx->getText(), &v) || v > uint64_t(INT64_MAX))
        fail(range(ctx), "integer literal too large");
      auto e = node<IntLit>(range(ctx));
      e->value = static_cast<int64_t>(v);
      return e;
    }
    if (dynamic_cast<P::FloatAtomContext*>(ctx)) {
      auto e = node<FloatLit>(range(ctx));
      e->value = frontend::parseFloat(ctx->getText());
      return e;
    }
    if (auto* strings = dynamic_cast<P::StringAtomContext*>(ctx)) return build(strings);
    if (dynamic_cast<P::NoneAtomContext*>(ctx)) return node<NoneLit>(range(ctx));
    if (dynamic_cast<P::EllipsisAtomContext*>(ctx)) return node<EllipsisLit>(range(ctx));
    auto b = node<BoolLit>(range(ctx));
    b->value = dynamic_cast<P::TrueAtomContext*>(ctx) != nullptr;
    return b;
  }

  ExprPtr genexp(ParserRuleContext* ctx, P::Test_or_starContext* elt, P::Comp_forContext* comp) {
    auto e = node<GeneratorExp>(range(ctx));
    e->elt = child(elt);
    noStarred(*e->elt);
    e->generators = comprehensions(comp);
    return e;
  }
  ExprPtr genexp(ParserRuleContext* ctx, P::TestContext* elt, P::Comp_forContext* comp) {
    auto e = node<GeneratorExp>(range(ctx));
    e->elt = child(elt);
    e->generators = comprehensions(comp);
    return e;
  }

  std::vector<Comprehension> comprehensions(P::Comp_forContext* comp) {
    std::vector<Comprehension> out;
    auto generator = [&](Token* forToken, P::ExprlistContext* target, P::Or_testContext* iter, SourceRange end) {
      Comprehension c;
      c.where = span(range(forToken), end);
      c.target = child(target);
      checkTarget(*c.target, /*augmented=*/false);
      c.iter = child(iter);
      out.push_back(std::move(c));
    };
    generator(comp->FOR()->getSymbol(), comp->exprlist(), comp->or_test(), range(comp->or_test()));
    for (P::Comp_clauseContext* clause : comp->comp_clause()) {
      if (clause->FOR()) {
        generator(clause->FOR()->getSymbol(), clause->exprlist(), clause->or_test(), range(clause));
      } else {
        out.back().ifs.push_back(child(clause->or_test()));
        out.back().where.end = range(clause).end;
      }
    }
    return out;
  }

  ExprPtr listComp(P::AtomContext* ctx, P::Testlist_compContext* items) {
    auto e = node<ListComp>(range(ctx));
    e->elt = child(items->test_or_star(0));
    noStarred(*e->elt);
    P::Comp_forContext* comp = items->comp_for();
    auto generator = [&](Token* forToken, P::ExprlistContext* target, P::Or_testContext* iter, SourceRange end) {
      Comprehension c;
      c.where = span(range(forToken), end);
      c.target = child(target);
      checkTarget(*c.target, /*augmented=*/false);
      c.iter = child(iter);
      e->generators.push_back(std::move(c));
    };
    generator(comp->FOR()->getSymbol(), comp->exprlist(), comp->or_test(), range(comp->or_test()));
    for (P::Comp_clauseContext* clause : comp->comp_clause()) {
      if (clause->FOR()) {
        generator(clause->FOR()->getSymbol(), clause->exprlist(), clause->or_test(), range(clause));
      } else {
        e->generators.back().ifs.push_back(child(clause->or_test()));
        e->generators.back().where.end = range(clause).end;
      }
    }
    return e;
  }

  // --- strings ----------------------------------------------------------------

  // Where byte `offset` of token `t`'s text is.
  SourceLoc locAt(Token* t, size_t offset) const {
    return frontend::locationAfter(range(t).begin, std::string_view(t->getText()).substr(0, offset));
  }
  SourceRange rangeAt(Token* t, size_t begin, size_t end) const {
    return SourceRange{file_, locAt(t, begin), locAt(t, end)};
  }

  // Adjacent literals are joined: all plain strings make a StrLit, any
  // f-string among them makes the whole an FString.
  ExprPtr build(P::StringAtomContext* ctx) {
    bool anyF = !ctx->FSTRING().empty();
    std::string joined;
    std::vector<FStringPart> parts;
    for (antlr4::tree::ParseTree* c : ctx->children) {
      Token* t = static_cast<TerminalNode*>(c)->getSymbol();
      std::string text = t->getText();
      try {
        frontend::StringToken s = frontend::splitStringToken(text);
        if (!s.fstring) {
          std::string value = frontend::decodeString(s.body, s.raw, s.bodyOffset);
          if (!anyF) {
            joined += value;
          } else if (!value.empty()) {
            appendText(parts, std::move(value), range(t));
          }
          continue;
        }
        for (frontend::FStringPiece& piece : frontend::splitFString(s)) appendPiece(parts, t, piece);
      } catch (const frontend::LiteralError& e) {
        fail(rangeAt(t, e.offset, e.offset + 1), e.message);
      }
    }
    if (!anyF) {
      auto e = node<StrLit>(range(ctx));
      e->value = std::move(joined);
      return e;
    }
    auto e = node<FString>(range(ctx));
    e->parts = std::move(parts);
    return e;
  }

  void appendText(std::vector<FStringPart>& parts, std::string text, SourceRange where) {
    if (!parts.empty() && parts.back().kind == FStringPart::Kind::Text) {
      parts.back().text += text;
      parts.back().where.end = where.end;
      return;
    }
    FStringPart p;
    p.text = std::move(text);
    p.where = std::move(where);
    parts.push_back(std::move(p));
  }

  void appendPiece(std::vector<FStringPart>& parts, Token* t, frontend::FStringPiece& piece) {
    SourceRange where = rangeAt(t, piece.begin, piece.end);
    if (!piece.isField) return appendText(parts, std::move(piece.text), std::move(where));
    FStringPart p;
    p.kind = FStringPart::Kind::Field;
    p.where = std::move(where);
    p.conversion = piece.conversion;
    std::string text = t->getText().substr(piece.exprBegin, piece.exprEnd - piece.exprBegin);
    p.expr = parseFieldExpression(file_, text, locAt(t, piece.exprBegin), depth_ + 1);
    for (frontend::FStringPiece& specPiece : piece.spec) appendPiece(p.spec, t, specPiece);
    parts.push_back(std::move(p));
  }

  SourceFilePtr file_;
  antlr4::CommonTokenStream& tokens_;
  int depth_;          // AST depth of the expression node being built
  int loops_ = 0;      // loops around the current statement, within its function
  int functions_ = 0;  // functions around the current statement
  // Note [Class-body annotations]
  // `x: T` and `x: T = v` directly in a class body (or in its if/for/...
  // blocks, not in its methods) record x in the class's __annotations__
  // dict, in order, as CPython's class bodies do, so dataclasses can see the
  // fields. The annotation is kept as its source text, as CPython keeps it
  // under `from __future__ import annotations`: it is never evaluated, so an
  // annotation tdsl cannot evaluate (list[int], X | None) costs nothing. The
  // parser lowers each one to `__annotations__['x'] = 'T'` after the
  // statement, and a class body with any starts with `__annotations__ = {}`.
  bool inClassBody_ = false;
  int classAnnotations_ = 0;   // annotations recorded in the innermost class body so far
  StmtPtr pendingAnnotation_;  // the store of the annotation exprStmt just parsed
};

// An f-string field: re-lexed and parsed at its own location, as one
// expression (as if inside parentheses), starting at AST depth `depth`.
ExprPtr parseFieldExpression(const SourceFilePtr& file, const std::string& text, SourceLoc at, int depth) {
  if (depth > kMaxExprDepth) fail(SourceRange{file, at, at}, "too deeply nested");
  Parse parse(file, text, /*expressionMode=*/true, at);
  P::Eval_inputContext* tree = parse.run(&P::eval_input);
  return Builder(file, parse.tokens, depth).expression(tree);
}

// ANTLR's input stream throws std::range_error on malformed UTF-8: check first.
void checkEncoding(const SourceFilePtr& file) {
  size_t bad = frontend::firstInvalidUtf8(file->text);
  if (bad == std::string::npos) return;
  SourceLoc at = frontend::locationAfter({1, 1}, std::string_view(file->text).substr(0, bad));
  fail(SourceRange{file, at, {at.line, at.col + 1}},
       fmt::format("invalid UTF-8: byte 0x{:02x} cannot start a character here", static_cast<unsigned char>(file->text[bad])));
}

}  // namespace

std::unique_ptr<ast::Module> parseModule(SourceFilePtr file) {
  checkEncoding(file);
  Parse parse(file, file->text, /*expressionMode=*/false);
  P::File_inputContext* tree = parse.run(&P::file_input);
  return Builder(file, parse.tokens, 0).module(tree);
}

std::vector<TokenInfo> tokenize(SourceFilePtr file) {
  checkEncoding(file);
  Parse parse(file, file->text, /*expressionMode=*/false);
  parse.tokens.fill();
  std::vector<TokenInfo> result;
  for (Token* t : parse.tokens.getTokens()) {
    size_t type = t->getType();
    TokenInfo info;
    info.kind = type == Token::EOF ? "EOF" : std::string(parse.lexer.getVocabulary().getSymbolicName(type));
    info.text = type == Token::EOF ? "" : t->getText();
    info.line = static_cast<int>(t->getLine());
    info.col = static_cast<int>(t->getCharPositionInLine()) + 1;
    result.push_back(std::move(info));
  }
  return result;
}

bool isIncompleteInput(const std::string& text) {
  size_t last = text.find_last_not_of(" \t\r\n");
  if (last != std::string::npos && text[last] == '\\') return true;  // explicit line joining
  auto file = std::make_shared<SourceFile>(SourceFile{"<repl>", text});
  if (frontend::firstInvalidUtf8(text) != std::string::npos) return false;
  Parse parse(file, text, /*expressionMode=*/false, {1, 1}, /*lenientEnd=*/true);
  try {
    parse.tokens.fill();
  } catch (const Error&) {
    return parse.lexer.end().openLongString;
  }
  if (parse.lexer.end().openBracket) return true;
  // The last logical line: its first and last tokens, and the blocks open
  // at its end (the DEDENTs that close the input come after it).
  size_t first = 0, lastToken = 0, blocks = 0, openBlocks = 0;
  bool lineStart = true;
  std::string inputStart;  // the text of the input's first token
  for (Token* t : parse.tokens.getTokens()) {
    size_t type = t->getType();
    if (inputStart.empty() && type != Token::EOF && type != P::NEWLINE) inputStart = t->getText();
    if (type == P::NEWLINE) {
      lineStart = true;
      openBlocks = blocks;
    } else if (type == P::INDENT) {
      ++blocks;
    } else if (type == P::DEDENT) {
      --blocks;
    } else if (type != Token::EOF) {
      if (lineStart) first = type;
      lineStart = false;
      lastToken = type;
    }
  }
  if (lastToken == P::COLON || first == P::AT) return true;  // a block or a decorated def follows
  // Inside a block until a blank line ends it.
  std::string body = text;
  if (!body.empty() && body.back() == '\n') body.pop_back();
  size_t lineBegin = body.rfind('\n');
  std::string lastLine = lineBegin == std::string::npos ? body : body.substr(lineBegin + 1);
  bool blankLast = lastLine.find_first_not_of(" \t\r\f") == std::string::npos;
  // A compound statement, even one written on one line (`for i in r: f(i)`),
  // waits for a blank line as Python's prompt does: more clauses
  // (elif/else/except) may follow. Compared by text so that keywords the
  // grammar lexes as unsupported count too.
  static const char* const kCompoundKeywords[] = {"if", "while", "for", "def", "class", "try", "with", "async"};
  bool compound = std::any_of(std::begin(kCompoundKeywords), std::end(kCompoundKeywords),
                              [&](const char* k) { return inputStart == k; });
  return (openBlocks > 0 || compound) && !blankLast;
}

}  // namespace tdsl
