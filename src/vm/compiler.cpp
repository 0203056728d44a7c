// Bytecode compiler (see compiler.h). Two phases per module:
//  1. scope analysis (ScopeBuilder): for every function, its locals, globals,
//     the locals inner functions capture (cells) and its free variables;
//  2. code generation (FunctionCompiler): registers = params, free-variable
//     cells, other locals, then temporaries allocated stack-wise.
#include "vm/compiler.h"
#include "vm/classes.h"
#include "vm/generators.h"
#include "vm/definite_assignment.h"
#include "vm/stack_limit.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <memory>
#include <set>
#include <unordered_map>

namespace tdsl {

namespace {

using namespace ast;

// Bounds the compiler's own recursion independently of the parser's limits.
constexpr int kMaxCompileDepth = 2000;

[[noreturn]] void compileError(const SourceRange& where, const std::string& msg) {
  throw Error(ErrorKind::Syntax, msg, where);
}

// ---------------------------------------------------------------------------
// Scope analysis

struct Scope {
  Scope* parent = nullptr;
  bool isModule = false;
  bool isClass = false;  // a class body: its names are not visible to the functions inside it
  std::vector<std::string> params;
  std::set<std::string> globals;
  std::set<std::string> assigned;   // bound in this function (locals unless global)
  std::set<std::string> used;       // read or written here (incl. pass-through of inner frees)
  std::set<std::string> cells;      // locals captured by inner functions
  std::vector<std::string> frees;   // free variables, in order of discovery
  std::vector<Scope*> children;
  // issue 15 additions (lang2)
  bool isGenerator = false;                     // contains yield, or is a generator expression
  std::map<std::string, SourceRange> nonlocals; // declared nonlocal (free, never local)
  bool isLocal(const std::string& n) const {
    return !isModule && assigned.count(n) && !globals.count(n) && !nonlocals.count(n);
  }
};

class ScopeBuilder {
 public:
  std::map<const void*, std::unique_ptr<Scope>> scopes;  // keyed by FunctionDef / Lambda node

  Scope* build(const Module& m) {
    auto root = std::make_unique<Scope>();
    root->isModule = true;
    Scope* r = root.get();
    scopes[&m] = std::move(root);
    cur_ = r;
    for (auto& s : m.body) stmt(*s);
    resolve(r);
    return r;
  }

 private:
  Scope* cur_ = nullptr;
  std::vector<std::set<std::string>> compVars_;
  int depth_ = 0;

  struct DepthGuard {
    int& d;
    explicit DepthGuard(int& d, const SourceRange& w) : d(d) {
      if (++d > kMaxCompileDepth || StackLimit::exhausted()) compileError(w, "too deeply nested");
    }
    ~DepthGuard() { --d; }
  };

  bool inComp(const std::string& n) const {
    for (auto& s : compVars_)
      if (s.count(n)) return true;
    return false;
  }
  void use(const std::string& n) {
    if (!inComp(n)) cur_->used.insert(n);
  }
  void bind(const std::string& n) {
    cur_->assigned.insert(n);
    cur_->used.insert(n);
  }
  void target(const Expr& e) {
    if (auto* n = e.as<Name>()) { bind(n->id); return; }
    if (auto* t = e.as<Tuple>()) { for (auto& x : t->elts) target(*x); return; }
    if (auto* l = e.as<List>()) { for (auto& x : l->elts) target(*x); return; }
    if (auto* st = e.as<Starred>()) { target(*st->value); return; }
    expr(e);  // attribute / subscript: their parts are reads
  }
  void block(const StmtList& b) { for (auto& s : b) stmt(*s); }

  void function(const void* key, const std::vector<Param>& params, const StmtList* body, const Expr* lambdaBody) {
    for (auto& p : params)
      if (p.defaultValue) expr(*p.defaultValue);
    auto sc = std::make_unique<Scope>();
    sc->parent = cur_;
    for (auto& p : params) {
      sc->params.push_back(p.name);
      sc->assigned.insert(p.name);
      sc->used.insert(p.name);
    }
    Scope* s = sc.get();
    cur_->children.push_back(s);
    scopes[key] = std::move(sc);
    Scope* saved = cur_;
    auto savedComp = std::move(compVars_);
    compVars_.clear();
    cur_ = s;
    if (body) block(*body);
    if (lambdaBody) expr(*lambdaBody);
    cur_ = saved;
    compVars_ = std::move(savedComp);
  }

  void stmt(const Stmt& s) {
    DepthGuard g(depth_, s.where);
    switch (s.kind) {
      case Stmt::Kind::ExprStmt: expr(*s.as<ExprStmt>()->value); break;
      case Stmt::Kind::Assign: {
        auto* a = s.as<Assign>();
        expr(*a->value);
        for (auto& t : a->targets) target(*t);
        break;
      }
      case Stmt::Kind::AugAssign: {
        auto* a = s.as<AugAssign>();
        expr(*a->value);
        if (auto* n = a->target->as<Name>()) bind(n->id);
        else expr(*a->target);
        break;
      }
      case Stmt::Kind::If: {
        auto* i = s.as<If>();
        for (auto& b : i->branches) { expr(*b.test); block(b.body); }
        block(i->orelse);
        break;
      }
      case Stmt::Kind::While: { auto* w = s.as<While>(); expr(*w->test); block(w->body); block(w->orelse); break; }
      case Stmt::Kind::For: {
        auto* f = s.as<For>();
        expr(*f->iter);
        target(*f->target);
        block(f->body);
        block(f->orelse);
        break;
      }
      case Stmt::Kind::Delete:
        for (auto& t : s.as<Delete>()->targets) target(*t);  // `del x` makes x local, as assignment does
        break;
      case Stmt::Kind::Nonlocal:
        for (auto& n : s.as<Nonlocal>()->names) {
          if (cur_->assigned.count(n)) compileError(s.where, "name '" + n + "' is assigned to before nonlocal declaration");
          if (std::find(cur_->params.begin(), cur_->params.end(), n) != cur_->params.end())
            compileError(s.where, "name '" + n + "' is parameter and nonlocal");
          cur_->nonlocals.emplace(n, s.where);
          cur_->used.insert(n);
        }
        break;
      case Stmt::Kind::FunctionDef: {
        auto* f = s.as<FunctionDef>();
        for (auto& d : f->decorators) expr(*d);
        function(f, f->params, &f->body, nullptr);
        bind(f->name);
        break;
      }
      case Stmt::Kind::Return: if (auto* r = s.as<Return>(); r->value) expr(*r->value); break;
      case Stmt::Kind::Assert: {
        auto* a = s.as<Assert>();
        expr(*a->test);
        if (a->msg) expr(*a->msg);
        break;
      }
      case Stmt::Kind::Import:
        for (auto& a : s.as<Import>()->names) {
          std::string n = a.asname.empty() ? a.name.substr(0, a.name.find('.')) : a.asname;
          bind(n);
        }
        break;
      case Stmt::Kind::ImportFrom:
        for (auto& a : s.as<ImportFrom>()->names) bind(a.asname.empty() ? a.name : a.asname);
        break;
      case Stmt::Kind::Global:
        for (auto& n : s.as<Global>()->names) {
          if (!cur_->isModule && cur_->assigned.count(n) && !cur_->globals.count(n))
            compileError(s.where, "name '" + n + "' is assigned to before global declaration");
          cur_->globals.insert(n);
        }
        break;
      case Stmt::Kind::Break:
      case Stmt::Kind::Continue:
      case Stmt::Kind::Pass: break;
      // The object model and exceptions (docs/language.md).
      case Stmt::Kind::ClassDef: {
        auto* c = s.as<ClassDef>();
        for (auto& d : c->decorators) expr(*d);
        for (auto& b : c->bases) expr(*b);
        function(c, {}, &c->body, nullptr);
        scopes[c]->isClass = true;
        bind(c->name);
        break;
      }
      case Stmt::Kind::Try: {
        auto* t = s.as<Try>();
        block(t->body);
        for (auto& h : t->handlers) {
          if (h.type) expr(*h.type);
          if (!h.name.empty()) bind(h.name);
          block(h.body);
        }
        block(t->orelse);
        block(t->finalbody);
        break;
      }
      case Stmt::Kind::With: {
        auto* w = s.as<With>();
        for (auto& item : w->items) {
          expr(*item.context);
          if (item.target) target(*item.target);
        }
        block(w->body);
        break;
      }
      case Stmt::Kind::Raise: {
        auto* r = s.as<Raise>();
        if (r->exc) expr(*r->exc);
        if (r->cause) expr(*r->cause);
        break;
      }
    }
  }

  void exprs(const ExprList& l) { for (auto& e : l) expr(*e); }
  void fparts(const std::vector<FStringPart>& parts) {
    for (auto& p : parts)
      if (p.kind == FStringPart::Kind::Field) { expr(*p.expr); fparts(p.spec); }
  }

  void expr(const Expr& e) {
    DepthGuard g(depth_, e.where);
    switch (e.kind) {
      case Expr::Kind::Name: use(e.as<Name>()->id); break;
      case Expr::Kind::FString: fparts(e.as<FString>()->parts); break;
      case Expr::Kind::Tuple: exprs(e.as<Tuple>()->elts); break;
      case Expr::Kind::List: exprs(e.as<List>()->elts); break;
      case Expr::Kind::Dict: exprs(e.as<Dict>()->keys); exprs(e.as<Dict>()->values); break;
      case Expr::Kind::Call: {
        auto* c = e.as<Call>();
        expr(*c->func);
        exprs(c->args);
        for (auto& k : c->keywords) expr(*k.value);
        break;
      }
      case Expr::Kind::Attribute: expr(*e.as<Attribute>()->value); break;
      case Expr::Kind::Subscript: expr(*e.as<Subscript>()->value); expr(*e.as<Subscript>()->index); break;
      case Expr::Kind::Slice: {
        auto* s = e.as<Slice>();
        if (s->lower) expr(*s->lower);
        if (s->upper) expr(*s->upper);
        if (s->step) expr(*s->step);
        break;
      }
      case Expr::Kind::UnaryOp: expr(*e.as<UnaryOp>()->operand); break;
      case Expr::Kind::BinOp: expr(*e.as<BinOp>()->lhs); expr(*e.as<BinOp>()->rhs); break;
      case Expr::Kind::Compare: expr(*e.as<Compare>()->left); exprs(e.as<Compare>()->comparators); break;
      case Expr::Kind::BoolOp: exprs(e.as<BoolOp>()->values); break;
      case Expr::Kind::IfExp: {
        auto* i = e.as<IfExp>();
        expr(*i->test); expr(*i->body); expr(*i->orelse);
        break;
      }
      case Expr::Kind::ListComp: {
        auto* lc = e.as<ListComp>();
        size_t pushed = 0;
        for (size_t gi = 0; gi < lc->generators.size(); ++gi) {
          auto& gen = lc->generators[gi];
          expr(*gen.iter);
          std::set<std::string> names;
          collectTargetNames(*gen.target, names);
          compVars_.push_back(std::move(names));
          ++pushed;
          for (auto& c : gen.ifs) expr(*c);
        }
        expr(*lc->elt);
        for (size_t i = 0; i < pushed; ++i) compVars_.pop_back();
        break;
      }
      case Expr::Kind::Lambda: {
        auto* l = e.as<Lambda>();
        function(l, l->params, nullptr, l->body.get());
        break;
      }
      // issue 15 additions (lang2)
      case Expr::Kind::Yield:
        cur_->isGenerator = true;
        if (auto& v = e.as<Yield>()->value) expr(*v);
        break;
      case Expr::Kind::YieldFrom: cur_->isGenerator = true; expr(*e.as<YieldFrom>()->value); break;
      case Expr::Kind::Set: exprs(e.as<Set>()->elts); break;
      case Expr::Kind::Starred: expr(*e.as<Starred>()->value); break;
      case Expr::Kind::SetComp: comprehension(e.as<SetComp>()->generators, {e.as<SetComp>()->elt.get()}, 0); break;
      case Expr::Kind::DictComp:
        comprehension(e.as<DictComp>()->generators, {e.as<DictComp>()->key.get(), e.as<DictComp>()->value.get()}, 0);
        break;
      case Expr::Kind::GeneratorExp: {
        // A nested generator function of one parameter, ".0": the first
        // iterable's iterator, evaluated here (CPython's layout).
        auto* g = e.as<GeneratorExp>();
        expr(*g->generators[0].iter);
        Param p;
        p.name = ".0";
        std::vector<Param> params;
        params.push_back(std::move(p));
        function(g, params, nullptr, nullptr);
        Scope* s = scopes[g].get();
        s->isGenerator = true;
        Scope* saved = cur_;
        auto savedComp = std::move(compVars_);
        compVars_.clear();
        cur_ = s;
        comprehension(g->generators, {g->elt.get()}, 1);
        cur_ = saved;
        compVars_ = std::move(savedComp);
        break;
      }
      default: break;
    }
  }

  // The scopes of a comprehension's clauses; `from` = 1 skips the first
  // iterable (a generator expression evaluates it outside).
  void comprehension(const std::vector<Comprehension>& gens, std::vector<const Expr*> elts, size_t from) {
    size_t pushed = 0;
    for (size_t gi = 0; gi < gens.size(); ++gi) {
      auto& gen = gens[gi];
      if (gi >= from) expr(*gen.iter);
      std::set<std::string> names;
      collectTargetNames(*gen.target, names);
      compVars_.push_back(std::move(names));
      ++pushed;
      for (auto& c : gen.ifs) expr(*c);
    }
    for (const Expr* x : elts) expr(*x);
    for (size_t i = 0; i < pushed; ++i) compVars_.pop_back();
  }

 public:
  static void collectTargetNames(const Expr& e, std::set<std::string>& out) {
    if (auto* n = e.as<Name>()) out.insert(n->id);
    else if (auto* t = e.as<Tuple>()) for (auto& x : t->elts) collectTargetNames(*x, out);
    else if (auto* l = e.as<List>()) for (auto& x : l->elts) collectTargetNames(*x, out);
    else if (auto* st = e.as<Starred>()) collectTargetNames(*st->value, out);
  }

 private:
  // Free-variable resolution, children first so their frees pass through us.
  void resolve(Scope* s) {
    for (Scope* c : s->children) resolve(c);
    if (s->isModule) return;
    for (const std::string& n : std::set<std::string>(s->used)) {
      if (s->isLocal(n) || s->globals.count(n)) continue;
      // Find the nearest enclosing function that binds n.
      Scope* owner = nullptr;
      for (Scope* p = s->parent; p && !p->isModule; p = p->parent) {
        if (p->isClass) continue;  // class-level names are not closures
        if (p->globals.count(n)) break;
        if (p->isLocal(n)) { owner = p; break; }
      }
      if (!owner) {
        auto nl = s->nonlocals.find(n);
        if (nl != s->nonlocals.end()) compileError(nl->second, "no binding for nonlocal '" + n + "' found");
        continue;  // global
      }
      owner->cells.insert(n);
      for (Scope* p = s; p != owner; p = p->parent) {
        if (std::find(p->frees.begin(), p->frees.end(), n) == p->frees.end()) p->frees.push_back(n);
        p->used.insert(n);
      }
    }
  }
};

// ---------------------------------------------------------------------------
// Code generation

class FunctionCompiler {
 public:
  FunctionCompiler(ScopeBuilder& scopes, Scope* scope, SourceFilePtr file, GlobalsTable& globals,
                   FunctionCompiler* parent)
      : scopes_(scopes), scope_(scope), file_(std::move(file)), globals_(globals), parent_(parent) {
    code_ = std::make_shared<CodeObject>();
    code_->file = file_;
  }

  std::shared_ptr<CodeObject> compileModule(const Module& m, bool interactive) {
    code_->name = "<module>";
    code_->isModule = true;
    range_ = m.where;
    interactive_ = interactive;
    for (size_t i = 0; i < m.body.size(); ++i) {
      const Stmt& s = *m.body[i];
      if (!interactive && i + 1 == m.body.size() && s.is<ExprStmt>()) {
        Loc loc(*this, s.where);
        int r = expr(*s.as<ExprStmt>()->value);
        emit(Instr::make(Op::RETURN, r));
        return finish();
      }
      stmt(s);
    }
    emit(Instr::make(Op::RETURNNONE));
    return finish();
  }

  std::shared_ptr<CodeObject> compileFunction(const std::string& name, const std::vector<Param>& params,
                                              const StmtList* body, const Expr* lambdaBody, const SourceRange& where) {
    code_->name = name;
    code_->defLoc = where.begin;
    range_ = where;
    // Locals some read may reach unassigned live in cells, whose empty state
    // GETCELL reports (Note [Conservative definite assignment]).
    if (body && !scope_->isClass) {
      auto isLocal = [&](const std::string& n) { return scope_->isLocal(n); };
      for (const std::string& n : possiblyUnassignedLocals(params, *body, isLocal)) scope_->cells.insert(n);
    }
    code_->isGenerator = scope_->isGenerator;
    // Register layout: params (Note [Extended parameters]), free-variable cells, other locals.
    std::vector<const Param*> ordered = paramOrder(params);
    for (const Param* p : ordered) declareLocal(p->name);
    code_->nparams = static_cast<int>(params.size());
    for (const Param* p : ordered) {
      code_->paramNames.push_back(p->name);
      if (p->kind == ParamKind::Normal) { ++code_->nposParams; code_->ndefaults += p->defaultValue ? 1 : 0; }
      if (p->kind == ParamKind::KwOnly) {
        ++code_->nkwonly;
        code_->kwDefault.push_back(p->defaultValue != nullptr);
        code_->nkwDefaults += p->defaultValue ? 1 : 0;
      }
      code_->hasVarArgs |= p->kind == ParamKind::VarArgs;
      code_->hasVarKw |= p->kind == ParamKind::VarKw;
    }
    code_->extendedParams = code_->nposParams != code_->nparams;
    for (auto& f : scope_->frees) {
      int r = declareLocal(f);
      code_->freeRegs.push_back(r);
    }
    for (auto& n : scope_->assigned)
      if (scope_->isLocal(n) && !locals_.count(n)) declareLocal(n);
    firstTemp_ = nextReg_;
    // Prologue: turn captured locals into cells.
    for (auto& n : scope_->cells) {
      int r = locals_.at(n);
      bool isParam = std::find(scope_->params.begin(), scope_->params.end(), n) != scope_->params.end();
      emit(Instr::make(isParam ? Op::MAKECELL : Op::NEWCELL, r));
      code_->cellRegs.push_back(r);
    }
    if (genexp_) {
      genexpBody(*genexp_);
      emit(Instr::make(Op::RETURNNONE));
    } else if (body && scope_->isClass) {
      block(*body);
      returnClassNamespace();
    } else if (body) {
      block(*body);
      emit(Instr::make(Op::RETURNNONE));
    } else {
      Loc loc(*this, lambdaBody->where);
      int r = expr(*lambdaBody);
      emit(Instr::make(Op::RETURN, r));
    }
    return finish();
  }

 private:
  // issue 15 additions (lang2)
  const GeneratorExp* genexp_ = nullptr;  // compiling this generator expression's function

  // Parameters in register order: positional, keyword-only, *args, **kwargs.
  static std::vector<const Param*> paramOrder(const std::vector<Param>& params) {
    std::vector<const Param*> out;
    for (ParamKind k : {ParamKind::Normal, ParamKind::KwOnly, ParamKind::VarArgs, ParamKind::VarKw})
      for (auto& p : params)
        if (p.kind == k) out.push_back(&p);
    return out;
  }

  ScopeBuilder& scopes_;
  Scope* scope_;
  SourceFilePtr file_;
  GlobalsTable& globals_;
  FunctionCompiler* parent_;
  // Note [Interactive echo]: a REPL input's module code shows the value of
  // every expression statement at module level, in blocks too (Python's
  // 'single' mode); function bodies (their own compilers) never echo.
  bool interactive_ = false;
  std::shared_ptr<CodeObject> code_;
  std::unordered_map<std::string, int> locals_;
  int nextReg_ = 0;
  int tempHigh_ = 0;  // the highest nextReg_ since the current statement began (Note [Dead temporaries])
  int firstTemp_ = 0;
  SourceRange range_;
  std::map<std::string, int> constIndex_;
  std::vector<std::unordered_map<std::string, int>> compScopes_;
  struct LoopLabels {
    std::vector<size_t> breaks;
    size_t continueTarget;
  };
  std::vector<LoopLabels> loops_;
  int depth_ = 0;
  // Note [Exception handlers]: the protected regions being compiled, and the
  // cleanups (finally bodies, with exits) a return/break/continue must run.
  struct Protected {
    int reg;
    uint32_t start;
    std::vector<std::pair<uint32_t, uint32_t>> ranges;  // closed intervals so far
  };
  std::vector<Protected> protected_;
  struct Cleanup {
    const StmtList* finalbody = nullptr;  // a finally body, or
    int withManager = -1;                 // a with block's manager register
    size_t protectedDepth;                // protected_.size() when it was pushed (its own region is at this index)
    size_t loopDepth;                     // loops_.size() when it was pushed
  };
  std::vector<Cleanup> cleanups_;
  std::vector<int> handledExc_;  // registers of the exceptions being handled (except bodies)

  // RAII: the source range attached to instructions emitted meanwhile, plus depth check.
  struct Loc {
    FunctionCompiler& c;
    SourceRange saved;
    Loc(FunctionCompiler& c, const SourceRange& r) : c(c), saved(c.range_) {
      if (++c.depth_ > kMaxCompileDepth || StackLimit::exhausted()) compileError(r, "too deeply nested");
      if (r.valid()) c.range_ = r;
    }
    ~Loc() { c.range_ = saved; --c.depth_; }
  };
  // RAII: temporaries allocated meanwhile are released at the end.
  struct TempScope {
    FunctionCompiler& c;
    int saved;
    explicit TempScope(FunctionCompiler& c) : c(c), saved(c.nextReg_) {}
    ~TempScope() { c.nextReg_ = saved; }
  };

  std::shared_ptr<CodeObject> finish() {
    code_->nregs = std::max(code_->nregs, nextReg_);
    return code_;
  }

  int declareLocal(const std::string& n) {
    int r = newReg();
    locals_[n] = r;
    if (static_cast<int>(code_->regNames.size()) <= r) code_->regNames.resize(static_cast<size_t>(r) + 1);
    code_->regNames[static_cast<size_t>(r)] = n;
    return r;
  }
  int newReg() {
    if (nextReg_ >= kMaxRegisters) compileError(range_, "function needs too many registers");
    int r = nextReg_++;
    if (nextReg_ > code_->nregs) code_->nregs = nextReg_;
    if (nextReg_ > tempHigh_) tempHigh_ = nextReg_;
    return r;
  }
  int temp() { return newReg(); }
  // True when r is the newest temporary: no variable lives there and nothing
  // above it is in use, so an expression may build its result in place (a
  // call's callee and arguments, a comprehension's list) instead of in a new
  // temporary that is then moved to r.
  bool isScratch(int r) const {
    if (r != nextReg_ - 1 || r < firstTemp_) return false;
    for (auto& vars : compScopes_)
      for (auto& v : vars)
        if (v.second == r) return false;
    return true;
  }

  size_t emit(Instr in) {
    uint32_t pc = static_cast<uint32_t>(code_->code.size());
    code_->code.push_back(in);
    auto& lines = code_->lines;
    if (lines.empty() || lines.back().begin.line != range_.begin.line || lines.back().begin.col != range_.begin.col ||
        lines.back().end.line != range_.end.line || lines.back().end.col != range_.end.col)
      lines.push_back(LineEntry{pc, range_.begin, range_.end});
    return pc;
  }
  size_t here() const { return code_->code.size(); }
  size_t emitJump(Op op, int a = 0) { return emit(Instr::makeBx(op, a, 0)); }
  void patch(size_t at, size_t target) {
    int32_t off = static_cast<int32_t>(target) - static_cast<int32_t>(at + 1);
    Instr& in = code_->code[at];
    uint32_t bx = static_cast<uint32_t>(off);
    in.b = static_cast<uint16_t>(bx & 0xFFFF);
    in.c = static_cast<uint16_t>(bx >> 16);
  }
  void jumpTo(Op op, size_t target, int a = 0) { patch(emitJump(op, a), target); }

  int constant(const std::string& key, Value v) {
    auto it = constIndex_.find(key);
    if (it != constIndex_.end()) return it->second;
    if (static_cast<int>(code_->constants.size()) >= kMaxConstants) compileError(range_, "too many constants");
    int k = static_cast<int>(code_->constants.size());
    code_->constants.push_back(std::move(v));
    constIndex_.emplace(key, k);
    return k;
  }
  int strConst(const std::string& s) { return constant("s:" + s, makeStr(s)); }
  void loadConst(int dst, int k) { emit(Instr::makeBx(Op::LOADK, dst, static_cast<uint32_t>(k))); }

  // ---- names

  enum class NameKind { Local, Cell, Global, Comp };
  struct Resolved { NameKind kind; int index; };
  Resolved resolve(const std::string& n) {
    for (auto it = compScopes_.rbegin(); it != compScopes_.rend(); ++it) {
      auto f = it->find(n);
      if (f != it->end()) return {NameKind::Comp, f->second};
    }
    if (!scope_->isModule && !scope_->globals.count(n)) {
      auto it = locals_.find(n);
      if (it != locals_.end()) {
        bool cell = scope_->cells.count(n) ||
                    std::find(scope_->frees.begin(), scope_->frees.end(), n) != scope_->frees.end();
        return {cell ? NameKind::Cell : NameKind::Local, it->second};
      }
    }
    return {NameKind::Global, static_cast<int>(globals_.slotOf(n))};
  }
  void loadName(const std::string& n, int dst) {
    Resolved r = resolve(n);
    switch (r.kind) {
      case NameKind::Local:
      case NameKind::Comp: if (r.index != dst) emit(Instr::make(Op::MOVE, dst, r.index)); break;
      case NameKind::Cell: {
        bool own = scope_->cells.count(n) != 0;  // k = 1: this function's local, not a free variable
        emit(Instr::make(Op::GETCELL, dst, r.index, strConst(n), own ? 1 : 0));
        break;
      }
      case NameKind::Global: emit(Instr::makeBx(Op::GETGLOBAL, dst, static_cast<uint32_t>(r.index))); break;
    }
  }
  // Note [Dead temporaries]
  // A temporary register keeps its value until it is reused, which CPython's
  // value stack never does: there a value dies when the expression that
  // consumed it is done. Where a program can tell (a dropped generator is
  // closed: Note [Closing dropped generators] in generators.h), the code
  // leaves no stale copy behind:
  //  - a store of a temporary into its (last) target moves it (MOVEOUT;
  //    k = 1 on SETGLOBAL, SETCELL; SETITEM and SETATTR clear R[C] after),
  //    so `it = g(); ...; it = None` drops the generator at the second
  //    store; so do the stores of unpacked items;
  //  - a call's result moved from its window into the destination
  //    (moveOut), list, tuple and dict displays move their items out of
  //    the fresh temporaries they evaluated them into (k = 1);
  //  - a `for` loop clears its iterator (and the iterable's temporary) where
  //    it ends, `break` included;
  //  - a native's arguments are cleared once it returns (Note [Arguments
  //    die with the call] in vm.cpp); a script callee's frame owns them.
  // Moving is never slower than copying (no count update); a temporary read
  // again later (chained `a = b = v`: only the last target moves) is not
  // moved.
  void storeName(const std::string& n, int src, bool move = false) {
    Resolved r = resolve(n);
    const int k = move ? 1 : 0;
    switch (r.kind) {
      case NameKind::Local:
      case NameKind::Comp: if (r.index != src) emit(Instr::make(move ? Op::MOVEOUT : Op::MOVE, r.index, src)); break;
      case NameKind::Cell: emit(Instr::make(Op::SETCELL, r.index, src, 0, k)); break;
      case NameKind::Global: {
        Instr in = Instr::makeBx(Op::SETGLOBAL, src, static_cast<uint32_t>(r.index));
        in.k = static_cast<uint8_t>(k);
        emit(in);
        break;
      }
    }
  }
  // dst = src where src is a temporary holding a result nothing else reads.
  void moveOut(int dst, int src) {
    if (dst != src) emit(Instr::make(Op::MOVEOUT, dst, src));
  }
  // The register of a plain local (no cell), or -1.
  int localReg(const Expr& e) {
    auto* n = e.as<Name>();
    if (!n) return -1;
    Resolved r = resolve(n->id);
    return (r.kind == NameKind::Local || r.kind == NameKind::Comp) ? r.index : -1;
  }

  // ---- expressions

  // A register holding e's value: a local's own register, or a new temporary.
  int expr(const Expr& e) {
    int r = localReg(e);
    if (r >= 0) return r;
    r = temp();
    exprTo(e, r);
    return r;
  }

  // Expressions whose last instruction writes dst after reading every operand,
  // so they may target a variable's register directly.
  static bool writesDstLast(const Expr& e) {
    switch (e.kind) {
      case Expr::Kind::BoolOp:
      case Expr::Kind::IfExp:
      case Expr::Kind::ListComp:
      case Expr::Kind::SetComp:
      case Expr::Kind::DictComp:
      case Expr::Kind::List:
      case Expr::Kind::Tuple:
      case Expr::Kind::Yield:
      case Expr::Kind::YieldFrom: return false;
      case Expr::Kind::Compare: return e.as<Compare>()->ops.size() == 1;
      default: return true;
    }
  }

  void exprTo(const Expr& e, int dst) {
    Loc loc(*this, e.where);
    TempScope ts(*this);
    switch (e.kind) {
      case Expr::Kind::NoneLit: emit(Instr::make(Op::LOADNONE, dst)); return;
      case Expr::Kind::EllipsisLit: loadConst(dst, constant("...", makeEllipsis())); return;
      case Expr::Kind::BoolLit: emit(Instr::make(Op::LOADBOOL, dst, e.as<BoolLit>()->value)); return;
      case Expr::Kind::IntLit: loadInt(dst, e.as<IntLit>()->value); return;
      case Expr::Kind::FloatLit: loadFloat(dst, e.as<FloatLit>()->value); return;
      case Expr::Kind::StrLit: loadConst(dst, strConst(e.as<StrLit>()->value)); return;
      case Expr::Kind::FString: fstring(*e.as<FString>(), dst); return;
      case Expr::Kind::Name: loadName(e.as<Name>()->id, dst); return;
      case Expr::Kind::Tuple:
        if (hasStarred(e.as<Tuple>()->elts)) { starredList(e.as<Tuple>()->elts, dst); emit(Instr::make(Op::LISTTOTUPLE, dst, dst)); return; }
        if (!e.as<Tuple>()->elts.empty() && isConstant(e)) { loadConst(dst, tupleConst(*e.as<Tuple>())); return; }
        build(Op::BUILDTUPLE, e.as<Tuple>()->elts, dst);
        return;
      case Expr::Kind::List:
        if (hasStarred(e.as<List>()->elts)) { starredList(e.as<List>()->elts, dst); return; }
        build(Op::BUILDLIST, e.as<List>()->elts, dst);
        return;
      case Expr::Kind::Dict: {
        auto* d = e.as<Dict>();
        int base = nextReg_;
        for (size_t i = 0; i < d->keys.size(); ++i) {
          exprTo(*d->keys[i], temp());
          exprTo(*d->values[i], temp());
        }
        if (d->keys.size() > 0xFFFF) compileError(e.where, "dict display too long");
        emit(Instr::make(Op::BUILDDICT, dst, base, static_cast<int>(d->keys.size()), 1));  // Note [Dead temporaries]
        return;
      }
      case Expr::Kind::Call: call(*e.as<Call>(), dst); return;
      case Expr::Kind::Attribute: {
        auto* a = e.as<Attribute>();
        int obj = expr(*a->value);
        emit(Instr::make(Op::GETATTR, dst, obj, strConst(a->attr)));
        return;
      }
      case Expr::Kind::Subscript: {
        auto* s = e.as<Subscript>();
        int obj = expr(*s->value);
        int idx = index(*s->index);
        emit(Instr::make(Op::GETITEM, dst, obj, idx));
        return;
      }
      case Expr::Kind::Slice: sliceTo(*e.as<Slice>(), dst); return;
      case Expr::Kind::UnaryOp: {
        auto* u = e.as<UnaryOp>();
        if (u->op == UnaryOpKind::Neg) {
          if (auto* i = u->operand->as<IntLit>()) { loadInt(dst, -i->value); return; }
          if (auto* f = u->operand->as<FloatLit>()) { loadFloat(dst, -f->value); return; }
        }
        int v = expr(*u->operand);
        static const Op ops[] = {Op::NEG, Op::POS, Op::NOT, Op::INVERT};
        emit(Instr::make(ops[static_cast<int>(u->op)], dst, v));
        return;
      }
      case Expr::Kind::BinOp: {
        auto* b = e.as<BinOp>();
        int l = expr(*b->lhs);
        int r = expr(*b->rhs);
        emit(Instr::make(binOp(b->op), dst, l, r));
        return;
      }
      case Expr::Kind::Compare: compare(*e.as<Compare>(), dst); return;
      case Expr::Kind::BoolOp: {
        auto* b = e.as<BoolOp>();
        std::vector<size_t> exits;
        for (size_t i = 0; i < b->values.size(); ++i) {
          exprTo(*b->values[i], dst);
          if (i + 1 < b->values.size())
            exits.push_back(emitJump(b->op == BoolOpKind::And ? Op::JMPIFNOT : Op::JMPIF, dst));
        }
        for (size_t j : exits) patch(j, here());
        return;
      }
      case Expr::Kind::IfExp: {
        auto* i = e.as<IfExp>();
        size_t jf = condJump(*i->test, false);
        exprTo(*i->body, dst);
        size_t je = emitJump(Op::JMP);
        patch(jf, here());
        exprTo(*i->orelse, dst);
        patch(je, here());
        return;
      }
      case Expr::Kind::ListComp: listComp(*e.as<ListComp>(), dst); return;
      case Expr::Kind::Lambda: {
        auto* l = e.as<Lambda>();
        makeFunction(l, "<lambda>", l->params, nullptr, l->body.get(), e.where, dst);
        return;
      }
      // issue 15 additions (lang2)
      case Expr::Kind::Yield: {
        if (auto& v = e.as<Yield>()->value) exprTo(*v, dst);
        else emit(Instr::make(Op::LOADNONE, dst));
        emit(Instr::make(Op::YIELD, dst));
        return;
      }
      case Expr::Kind::YieldFrom: yieldFrom(*e.as<YieldFrom>(), dst); return;
      case Expr::Kind::GeneratorExp: generatorExp(*e.as<GeneratorExp>(), dst); return;
      case Expr::Kind::Set: {
        auto* st = e.as<Set>();
        if (hasStarred(st->elts)) compileError(e.where, "'*' unpacking in a set display is not supported by tdsl");
        build(Op::BUILDSET, st->elts, dst);
        // CPython folds a display of more than two constants into a frozenset
        // constant, which its compiler rebuilds once (merge_consts_recursive):
        // k = 1 repeats that, so the iteration order is CPython's.
        bool folded = st->elts.size() > 2;
        for (auto& x : st->elts) folded = folded && isConstant(*x);
        if (folded) code_->code.back().k = 1;
        return;
      }
      case Expr::Kind::SetComp: {
        auto* c = e.as<SetComp>();
        int set = isScratch(dst) ? dst : temp();
        emit(Instr::make(Op::BUILDSET, set, 0, 0));
        compLoops(c->generators, -1, [&] {
          TempScope ts2(*this);
          int v = expr(*c->elt);
          emit(Instr::make(Op::SETADD, set, v));
        });
        moveOut(dst, set);
        return;
      }
      case Expr::Kind::DictComp: {
        auto* c = e.as<DictComp>();
        int dict = isScratch(dst) ? dst : temp();
        emit(Instr::make(Op::BUILDDICT, dict, 0, 0));
        compLoops(c->generators, -1, [&] {
          TempScope ts2(*this);
          int k = expr(*c->key);
          int v = expr(*c->value);
          emit(Instr::make(Op::SETITEM, dict, k, v));
        });
        moveOut(dst, dict);
        return;
      }
      case Expr::Kind::Starred: compileError(e.where, "can't use starred expression here");
    }
  }

  static bool isConstant(const Expr& e) {
    switch (e.kind) {
      case Expr::Kind::IntLit: case Expr::Kind::FloatLit: case Expr::Kind::StrLit:
      case Expr::Kind::NoneLit: case Expr::Kind::BoolLit: case Expr::Kind::EllipsisLit: return true;
      case Expr::Kind::UnaryOp: {
        auto* u = e.as<UnaryOp>();
        if (u->op != UnaryOpKind::Neg && u->op != UnaryOpKind::Pos) return false;
        if (u->operand->is<IntLit>())
          return !(u->op == UnaryOpKind::Neg && u->operand->as<IntLit>()->value == INT64_MIN);
        return u->operand->is<FloatLit>();
      }
      case Expr::Kind::Tuple:
        for (auto& x : e.as<Tuple>()->elts)
          if (!isConstant(*x)) return false;
        return true;
      default: return false;
    }
  }
  // Note [Constant tuples]: a tuple display of constants is one constant of
  // the code object, made at compile time, as CPython's compiler folds it:
  // `return (None, None)` allocates nothing, and every evaluation gives the
  // same (immutable) object. The key spells each item's type and exact value
  // (1, 1.0, True and -0.0 stay apart).
  int tupleConst(const Tuple& t) {
    std::string key = "t:";
    Value v = constantValue(t, key);
    return constant(key, std::move(v));
  }
  static Value constantValue(const Expr& e, std::string& key) {
    switch (e.kind) {
      case Expr::Kind::IntLit: key += "i" + std::to_string(e.as<IntLit>()->value) + ","; return Value::integer(e.as<IntLit>()->value);
      case Expr::Kind::FloatLit: return floatConstant(e.as<FloatLit>()->value, key);
      case Expr::Kind::StrLit: {
        const std::string& s = e.as<StrLit>()->value;
        key += "s" + std::to_string(s.size()) + ":" + s + ",";
        return makeStr(s);
      }
      case Expr::Kind::NoneLit: key += "n,"; return Value();
      case Expr::Kind::BoolLit: key += e.as<BoolLit>()->value ? "T," : "F,"; return Value::boolean(e.as<BoolLit>()->value);
      case Expr::Kind::EllipsisLit: key += "e,"; return makeEllipsis();
      case Expr::Kind::UnaryOp: {
        auto* u = e.as<UnaryOp>();
        bool neg = u->op == UnaryOpKind::Neg;
        if (u->operand->is<FloatLit>()) {
          double x = u->operand->as<FloatLit>()->value;
          return floatConstant(neg ? -x : x, key);
        }
        int64_t i = u->operand->as<IntLit>()->value;
        // -(-2**63) is the one negation int64 cannot hold; such a tuple is
        // built at run time instead (isConstant refuses it).
        int64_t r = neg ? -i : i;
        key += "i" + std::to_string(r) + ",";
        return Value::integer(r);
      }
      case Expr::Kind::Tuple: {
        key += "(";
        std::vector<Value> items;
        for (auto& x : e.as<Tuple>()->elts) items.push_back(constantValue(*x, key));
        key += "),";
        return makeTuple(std::move(items));
      }
      default: break;
    }
    TDSL_ASSERT(false && "constantValue: not a constant");
    return Value();
  }
  static Value floatConstant(double x, std::string& key) {
    uint64_t bits;
    std::memcpy(&bits, &x, sizeof bits);
    key += "f" + std::to_string(bits) + ",";
    return Value::number(x);
  }
  static bool hasStarred(const ExprList& elts) {
    for (auto& x : elts)
      if (x->is<Starred>()) return true;
    return false;
  }
  // dst = [a, *b, ...] as a list.
  void starredList(const ExprList& elts, int dst) {
    int list = isScratch(dst) ? dst : temp();
    emit(Instr::make(Op::BUILDLIST, list, 0, 0));
    for (auto& x : elts) {
      TempScope ts(*this);
      if (auto* st = x->as<Starred>()) {
        int v = expr(*st->value);
        Loc loc(*this, x->where);
        emit(Instr::make(Op::LISTEXTEND, list, v));
      } else {
        int v = expr(*x);
        emit(Instr::make(Op::LISTAPPEND, list, v));
      }
    }
    moveOut(dst, list);
  }

  // r = yield from x (Note [yield from] in generators.h):
  //     it = iter(x); item = None
  //   top: done, item = yieldFromStep(it, item)
  //     if done: goto exit
  //     item = yield item; goto top
  //   exit: r = item
  void yieldFrom(const YieldFrom& y, int dst) {
    int src = expr(*y.value);
    int it = temp();
    int item = temp();
    int step = temp();
    int done = step;
    temp();  // step + 1: the iterator argument, then the item the step returns
    temp();  // step + 2: the value sent in
    emit(Instr::make(Op::GETITER, it, src));
    emit(Instr::make(Op::LOADNONE, item));
    size_t top = here();
    loadConst(step, constant("native:yield_from_step", makeNative("yield_from_step", yieldFromStep)));
    emit(Instr::make(Op::MOVE, step + 1, it));
    emit(Instr::make(Op::MOVE, step + 2, item));
    emit(Instr::make(Op::CALL, step, 2, 0));
    emit(Instr::make(Op::UNPACK, done, step, 2));
    emit(Instr::make(Op::MOVE, item, done + 1));
    size_t exit = emitJump(Op::JMPIF, done);
    emit(Instr::make(Op::YIELD, item));
    jumpTo(Op::JMP, top);
    patch(exit, here());
    emit(Instr::make(Op::MOVE, dst, item));
  }

  // (elt for ...): MAKEFUNC of the nested generator function, called with
  // iter(first iterable).
  void generatorExp(const GeneratorExp& g, int dst) {
    Scope* child = scopes_.scopes.at(&g).get();
    FunctionCompiler fc(scopes_, child, file_, globals_, this);
    fc.genexp_ = &g;
    std::vector<Param> params(1);
    params[0].name = ".0";
    auto code = fc.compileFunction("<genexpr>", params, nullptr, nullptr, g.where);
    for (auto& f : child->frees) {
      auto it = locals_.find(f);
      if (it == locals_.end()) compileError(g.where, "internal: unresolved free variable '" + f + "'");
      code->captureFrom.push_back(it->second);
    }
    size_t pidx = code_->protos.size();
    code_->protos.push_back(code);
    int base = isScratch(dst) ? dst : temp();
    emit(Instr::makeBx(Op::MAKEFUNC, base, static_cast<uint32_t>(pidx)));
    int arg = temp();
    {
      TempScope ts(*this);
      int src = expr(*g.generators[0].iter);
      Loc loc(*this, g.generators[0].iter->where);
      emit(Instr::make(Op::GETITER, arg, src));
    }
    emit(Instr::make(Op::CALL, base, 1, 0));
    moveOut(dst, base);
  }
  // The generator function's body: the loops, yielding each element.
  void genexpBody(const GeneratorExp& g) {
    compLoops(g.generators, locals_.at(".0"), [&] {
      TempScope ts(*this);
      int v = temp();
      exprTo(*g.elt, v);
      emit(Instr::make(Op::YIELD, v));
    });
  }

  // The nested loops of a comprehension around `body`; `firstIter` >= 0 is
  // a register that already holds the first clause's iterator.
  template <class Body>
  void compLoops(const std::vector<Comprehension>& gens, int firstIter, Body body) {
    struct Level { size_t top; size_t exitJump; };
    std::vector<Level> levels;
    for (size_t gi = 0; gi < gens.size(); ++gi) {
      auto& gen = gens[gi];
      int src = (gi == 0 && firstIter >= 0) ? firstIter : expr(*gen.iter);
      int it = temp();
      temp();  // it + 1: the item
      {
        Loc loc(*this, gen.iter->where);
        emit(Instr::make(Op::GETITER, it, src));
      }
      std::set<std::string> names;
      ScopeBuilder::collectTargetNames(*gen.target, names);
      std::unordered_map<std::string, int> vars;
      for (auto& n : names) vars[n] = temp();
      size_t top = here();
      size_t exitJump;
      {
        Loc loc(*this, gen.iter->where);
        exitJump = emitJump(Op::FORITER, it);
      }
      compScopes_.push_back(std::move(vars));
      store(*gen.target, it + 1);
      for (auto& cond : gen.ifs) {
        size_t skip = condJump(*cond, false);
        patch(skip, top);
      }
      levels.push_back({top, exitJump});
    }
    body();
    for (auto it = levels.rbegin(); it != levels.rend(); ++it) {
      jumpTo(Op::JMP, it->top);
      patch(it->exitJump, here());
      compScopes_.pop_back();
    }
  }

  void loadInt(int dst, int64_t v) {
    if (v >= INT32_MIN && v <= INT32_MAX) emit(Instr::makeBx(Op::LOADINT, dst, static_cast<uint32_t>(static_cast<int32_t>(v))));
    else loadConst(dst, constant("i:" + std::to_string(v), Value::integer(v)));
  }
  void loadFloat(int dst, double v) {
    uint64_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    loadConst(dst, constant("f:" + std::to_string(bits), Value::number(v)));
  }

  static Op binOp(BinOpKind k) {
    switch (k) {
      case BinOpKind::Add: return Op::ADD;
      case BinOpKind::Sub: return Op::SUB;
      case BinOpKind::Mul: return Op::MUL;
      case BinOpKind::Div: return Op::DIV;
      case BinOpKind::FloorDiv: return Op::FLOORDIV;
      case BinOpKind::Mod: return Op::MOD;
      case BinOpKind::Pow: return Op::POW;
      case BinOpKind::MatMul: return Op::MATMUL;
      case BinOpKind::BitAnd: return Op::BITAND;
      case BinOpKind::BitOr: return Op::BITOR;
      case BinOpKind::BitXor: return Op::BITXOR;
      case BinOpKind::LShift: return Op::SHL;
      case BinOpKind::RShift: return Op::SHR;
    }
    return Op::ADD;
  }

  void build(Op op, const ExprList& elts, int dst) {
    if (elts.size() > 0xFFFF) compileError(range_, "display too long");
    int base = nextReg_;
    for (auto& x : elts) exprTo(*x, temp());
    // k = 1: the items move out of their fresh temporaries (Note [Dead
    // temporaries]); BUILDSET's k means something else.
    emit(Instr::make(op, dst, base, static_cast<int>(elts.size()), op == Op::BUILDSET ? 0 : 1));
  }

  void sliceTo(const Slice& s, int dst) {
    int base = temp();
    temp();
    temp();
    auto part = [&](const ExprPtr& p, int r) {
      if (p) exprTo(*p, r);
      else emit(Instr::make(Op::LOADNONE, r));
    };
    part(s.lower, base);
    part(s.upper, base + 1);
    part(s.step, base + 2);
    emit(Instr::make(Op::BUILDSLICE, dst, base));
  }
  // A subscript index: slices become slice objects, tuples of them tuples.
  int index(const Expr& e) {
    if (auto* s = e.as<Slice>()) {
      Loc loc(*this, e.where);
      int r = temp();
      sliceTo(*s, r);
      return r;
    }
    return expr(e);
  }

  void compare(const Compare& c, int dst) {
    auto cmpInstr = [&](CmpOpKind op, int a, int l, int r) {
      switch (op) {
        case CmpOpKind::Eq: emit(Instr::make(Op::EQ, a, l, r)); break;
        case CmpOpKind::NotEq: emit(Instr::make(Op::NE, a, l, r)); break;
        case CmpOpKind::Lt: emit(Instr::make(Op::LT, a, l, r)); break;
        case CmpOpKind::LtE: emit(Instr::make(Op::LE, a, l, r)); break;
        case CmpOpKind::Gt: emit(Instr::make(Op::GT, a, l, r)); break;
        case CmpOpKind::GtE: emit(Instr::make(Op::GE, a, l, r)); break;
        case CmpOpKind::Is: emit(Instr::make(Op::IS, a, l, r, 0)); break;
        case CmpOpKind::IsNot: emit(Instr::make(Op::IS, a, l, r, 1)); break;
        case CmpOpKind::In: emit(Instr::make(Op::IN, a, l, r, 0)); break;
        case CmpOpKind::NotIn: emit(Instr::make(Op::IN, a, l, r, 1)); break;
      }
    };
    int l = expr(*c.left);
    std::vector<size_t> exits;
    for (size_t i = 0; i < c.ops.size(); ++i) {
      int r = expr(*c.comparators[i]);
      cmpInstr(c.ops[i], dst, l, r);
      if (i + 1 < c.ops.size()) exits.push_back(emitJump(Op::JMPIFNOT, dst));
      l = r;
    }
    for (size_t j : exits) patch(j, here());
  }

  // Evaluates `test` and emits a jump taken when its truth equals `jumpIf`.
  size_t condJump(const Expr& test, bool jumpIf) {
    TempScope ts(*this);
    int r = expr(test);
    Loc loc(*this, test.where);
    return emitJump(jumpIf ? Op::JMPIF : Op::JMPIFNOT, r);
  }

  void fstring(const FString& f, int dst) {
    int base = nextReg_;
    int n = fparts(f.parts);
    if (n == 0) { loadConst(dst, strConst("")); return; }
    if (n > 0xFFFF) compileError(f.where, "f-string too long");
    emit(Instr::make(Op::BUILDSTR, dst, base, n));
  }
  // Emits each part into a new temporary; returns how many.
  int fparts(const std::vector<FStringPart>& parts) {
    int n = 0;
    for (auto& p : parts) {
      int r = temp();
      ++n;
      if (p.kind == FStringPart::Kind::Text) { loadConst(r, strConst(p.text)); continue; }
      Loc loc(*this, p.expr->where);
      TempScope ts(*this);
      int v = expr(*p.expr);
      int conv = p.conversion == 's' ? 1 : (p.conversion == 'r' || p.conversion == 'a') ? 2 : 0;
      int spec = 0;
      if (!p.spec.empty()) {
        spec = temp();
        int sb = nextReg_;
        int sn = fparts(p.spec);
        emit(Instr::make(Op::BUILDSTR, spec, sb, sn));
        conv |= 4;
      }
      emit(Instr::make(Op::FORMAT, r, v, spec, conv));
    }
    return n;
  }

  // f(*xs, **kw): CALLEX with the positional arguments as a tuple and the
  // keywords as a dict (CPython's CALL_FUNCTION_EX).
  void callEx(const Call& c, int dst) {
    int base = isScratch(dst) ? dst : temp();
    auto* attr = c.func->as<Attribute>();
    if (attr) {
      int obj = temp();
      exprTo(*attr->value, obj);
      emit(Instr::make(Op::GETATTR, base, obj, strConst(attr->attr)));
      nextReg_ = obj;
    } else {
      exprTo(*c.func, base);
    }
    int args = temp();
    starredList(c.args, args);
    emit(Instr::make(Op::LISTTOTUPLE, args, args));
    int kw = temp();
    if (c.keywords.empty()) {
      emit(Instr::make(Op::LOADNONE, kw));
    } else {
      emit(Instr::make(Op::BUILDDICT, kw, 0, 0));
      for (auto& k : c.keywords) {
        TempScope ts(*this);
        Loc loc(*this, k.where);
        int one = temp();
        if (k.name.empty()) {
          exprTo(*k.value, one);
        } else {
          int pair = temp();
          loadConst(pair, strConst(k.name));
          exprTo(*k.value, temp());
          emit(Instr::make(Op::BUILDDICT, one, pair, 1));
        }
        emit(Instr::make(Op::DICTMERGE, kw, one));
      }
    }
    Loc loc(*this, c.where);
    emit(Instr::make(Op::CALLEX, base, c.keywords.empty() ? 0 : 1));
    moveOut(dst, base);
  }

  void call(const Call& c, int dst) {
    bool unpacking = hasStarred(c.args);
    for (auto& k : c.keywords) unpacking |= k.name.empty();
    if (unpacking) return callEx(c, dst);
    if (c.keywords.size() > static_cast<size_t>(kMaxKeywordArgs)) compileError(c.where, "too many keyword arguments");
    if (c.args.size() + c.keywords.size() > 60000) compileError(c.where, "too many arguments");
    int base = isScratch(dst) ? dst : temp();
    auto* attr = c.func->as<Attribute>();
    if (attr) exprTo(*attr->value, base);
    else exprTo(*c.func, base);
    for (auto& a : c.args) exprTo(*a, temp());
    for (auto& k : c.keywords) exprTo(*k.value, temp());
    if (!c.keywords.empty()) {
      std::vector<Value> names;
      std::string key = "kw:";
      for (auto& k : c.keywords) { names.push_back(makeStr(k.name)); key += k.name + ","; }
      loadConst(temp(), constant(key, makeTuple(std::move(names))));
    }
    Loc loc(*this, c.where);
    int nargs = static_cast<int>(c.args.size()), nkw = static_cast<int>(c.keywords.size());
    if (attr) emit(Instr::make(Op::CALLMETHOD, base, nargs, strConst(attr->attr), nkw));
    else emit(Instr::make(Op::CALL, base, nargs, nkw));
    moveOut(dst, base);
  }

  void listComp(const ListComp& lc, int dst) {
    int list = isScratch(dst) ? dst : temp();
    emit(Instr::make(Op::BUILDLIST, list, 0, 0));
    compLoops(lc.generators, -1, [&] {
      TempScope ts(*this);
      int v = expr(*lc.elt);
      emit(Instr::make(Op::LISTAPPEND, list, v));
    });
    moveOut(dst, list);
  }

  void makeFunction(const void* key, const std::string& name, const std::vector<Param>& params,
                    const StmtList* body, const Expr* lambdaBody, const SourceRange& where, int dst) {
    Scope* child = scopes_.scopes.at(key).get();
    FunctionCompiler fc(scopes_, child, file_, globals_, this);
    auto code = fc.compileFunction(name, params, body, lambdaBody, where);
    // Where each free variable's cell lives in this frame.
    for (auto& f : child->frees) {
      auto it = locals_.find(f);
      if (it == locals_.end()) compileError(where, "internal: unresolved free variable '" + f + "'");
      code->captureFrom.push_back(it->second);
    }
    size_t pidx = code_->protos.size();
    code_->protos.push_back(code);
    int base = temp();
    for (auto& p : params)
      if (p.defaultValue) exprTo(*p.defaultValue, temp());
    Loc loc(*this, where);
    emit(Instr::makeBx(Op::MAKEFUNC, base, static_cast<uint32_t>(pidx)));
    moveOut(dst, base);
  }

  // ---- assignment targets

  // Note [Parallel assignment]: `a, b = b, a` (a target list and a display of
  // as many values, neither starred) evaluates the values into temporaries
  // and then stores the targets left to right, without building the tuple:
  // Python's order (all values first, then the targets in order), and the
  // tuple is never observable. CPython's compiler does the same.
  bool parallelAssign(const Expr& target, const Expr& value) {
    if (!(target.is<Tuple>() || target.is<List>()) || !value.is<Tuple>()) return false;
    const ExprList& targets = target.is<Tuple>() ? target.as<Tuple>()->elts : target.as<List>()->elts;
    const ExprList& values = value.as<Tuple>()->elts;
    if (targets.size() != values.size() || targets.empty() || hasStarred(targets) || hasStarred(values)) return false;
    if (isConstant(value)) return false;  // one constant tuple, unpacked
    int base = nextReg_;
    for (auto& v : values) exprTo(*v, temp());
    for (size_t i = 0; i < targets.size(); ++i) store(*targets[i], base + static_cast<int>(i));
    return true;
  }

  // `move`: Note [Dead temporaries].
  void store(const Expr& target, int src, bool move = false) {
    Loc loc(*this, target.where);
    TempScope ts(*this);
    const int k = move ? 1 : 0;
    switch (target.kind) {
      case Expr::Kind::Name: storeName(target.as<Name>()->id, src, move); return;
      case Expr::Kind::Attribute: {
        auto* a = target.as<Attribute>();
        int obj = expr(*a->value);
        emit(Instr::make(Op::SETATTR, obj, strConst(a->attr), src, k));
        return;
      }
      case Expr::Kind::Subscript: {
        auto* s = target.as<Subscript>();
        int obj = expr(*s->value);
        int idx = index(*s->index);
        emit(Instr::make(Op::SETITEM, obj, idx, src, k));
        return;
      }
      case Expr::Kind::Tuple:
      case Expr::Kind::List: {
        const ExprList& elts = target.is<Tuple>() ? target.as<Tuple>()->elts : target.as<List>()->elts;
        if (elts.size() > 0xFFFF) compileError(target.where, "too many targets");
        int base = nextReg_;
        for (size_t i = 0; i < elts.size(); ++i) temp();
        size_t star = elts.size();
        for (size_t i = 0; i < elts.size(); ++i)
          if (elts[i]->is<Starred>()) star = i;
        if (star < elts.size()) {
          size_t after = elts.size() - star - 1;
          if (star > 255 || after > 255) compileError(target.where, "too many expressions in star-unpacking assignment");
          emit(Instr::make(Op::UNPACKEX, base, src, static_cast<int>(star), static_cast<int>(after)));
          for (size_t i = 0; i < elts.size(); ++i) {
            const Expr& t = i == star ? *elts[i]->as<Starred>()->value : *elts[i];
            store(t, base + static_cast<int>(i), /*move=*/true);
          }
          return;
        }
        emit(Instr::make(Op::UNPACK, base, src, static_cast<int>(elts.size())));
        // The unpacked items are dead temporaries once stored (Note [Dead temporaries]).
        for (size_t i = 0; i < elts.size(); ++i) store(*elts[i], base + static_cast<int>(i), /*move=*/true);
        return;
      }
      default: compileError(target.where, "cannot assign to expression");
    }
  }

  // ---- statements

  void block(const StmtList& b) { for (auto& s : b) stmt(*s); }

  // Note [Dead temporaries]: a module-level statement outside any loop
  // (run once, so the cost does not matter) clears the temporaries it used
  // when it ends. Module code reads every variable into a temporary
  // (`next(pair[0])` copies the global `pair`), and such a copy would
  // otherwise outlive `pair = None`.
  void stmt(const Stmt& s) {
    const int start = nextReg_;
    const int savedHigh = tempHigh_;
    tempHigh_ = start;
    stmtBody(s);
    const int high = tempHigh_;
    tempHigh_ = std::max(savedHigh, high);
    if (!scope_->isModule || !loops_.empty()) return;
    Loc loc(*this, s.where);
    for (int r = start; r < high; ++r) emit(Instr::make(Op::LOADNONE, r));
  }

  void stmtBody(const Stmt& s) {
    Loc loc(*this, s.where);
    TempScope ts(*this);
    switch (s.kind) {
      case Stmt::Kind::ExprStmt: {
        int r = expr(*s.as<ExprStmt>()->value);
        if (interactive_) emit(Instr::makeBx(Op::DISPLAY, r, globals_.slotOf("_")));
        return;
      }
      case Stmt::Kind::Assign: {
        auto* a = s.as<Assign>();
        if (a->targets.size() == 1) {
          int r = localReg(*a->targets[0]);
          if (r >= 0 && writesDstLast(*a->value)) { exprTo(*a->value, r); return; }
          if (parallelAssign(*a->targets[0], *a->value)) return;
        }
        // Note [Dead temporaries]: a temporary value moves into the last target.
        const bool temporary = localReg(*a->value) < 0;
        int v = expr(*a->value);
        for (size_t i = 0; i < a->targets.size(); ++i) store(*a->targets[i], v, temporary && i + 1 == a->targets.size());
        return;
      }
      case Stmt::Kind::AugAssign: augAssign(*s.as<AugAssign>()); return;
      case Stmt::Kind::If: {
        auto* i = s.as<If>();
        std::vector<size_t> ends;
        for (size_t b = 0; b < i->branches.size(); ++b) {
          size_t jf = condJump(*i->branches[b].test, false);
          block(i->branches[b].body);
          bool last = b + 1 == i->branches.size() && i->orelse.empty();
          if (!last) ends.push_back(emitJump(Op::JMP));
          patch(jf, here());
        }
        block(i->orelse);
        for (size_t j : ends) patch(j, here());
        return;
      }
      case Stmt::Kind::While: {
        auto* w = s.as<While>();
        size_t top = here();
        bool forever = w->test->is<BoolLit>() && w->test->as<BoolLit>()->value;
        size_t exit = 0;
        if (!forever) exit = condJump(*w->test, false);
        loops_.push_back({{}, top});
        block(w->body);
        jumpTo(Op::JMP, top);
        if (!forever) patch(exit, here());
        if (!forever) block(w->orelse);  // while ... else: runs unless the loop breaks
        for (size_t b : loops_.back().breaks) patch(b, here());
        loops_.pop_back();
        return;
      }
      case Stmt::Kind::For: {
        auto* f = s.as<For>();
        const bool srcTemporary = localReg(*f->iter) < 0;
        int src = expr(*f->iter);
        int it = temp();
        temp();
        {
          Loc l2(*this, f->iter->where);
          emit(Instr::make(Op::GETITER, it, src));
        }
        size_t top = here();
        size_t exit;
        {
          Loc l2(*this, f->iter->where);
          exit = emitJump(Op::FORITER, it);
        }
        store(*f->target, it + 1);
        loops_.push_back({{}, top});
        block(f->body);
        jumpTo(Op::JMP, top);
        patch(exit, here());
        block(f->orelse);  // for ... else: runs unless the loop breaks
        for (size_t b : loops_.back().breaks) patch(b, here());
        loops_.pop_back();
        // Note [Dead temporaries]: the loop's iterator dies with the loop (a
        // generator abandoned by `break` is closed here, as in CPython).
        emit(Instr::make(Op::LOADNONE, it));
        if (srcTemporary && src != it) emit(Instr::make(Op::LOADNONE, src));
        return;
      }
      case Stmt::Kind::Break:
        if (loops_.empty()) compileError(s.where, "'break' outside loop");
        {
          size_t suspended = runCleanups(/*loopExit=*/true);
          loops_.back().breaks.push_back(emitJump(Op::JMP));
          resumeProtection(suspended);
        }
        return;
      case Stmt::Kind::Continue:
        if (loops_.empty()) compileError(s.where, "'continue' not properly in loop");
        {
          size_t suspended = runCleanups(/*loopExit=*/true);
          jumpTo(Op::JMP, loops_.back().continueTarget);
          resumeProtection(suspended);
        }
        return;
      case Stmt::Kind::Pass: return;
      case Stmt::Kind::FunctionDef: {
        auto* f = s.as<FunctionDef>();
        int base = nextReg_;
        for (auto& d : f->decorators) exprTo(*d, temp());
        int fn = temp();
        makeFunction(f, f->name, f->params, &f->body, nullptr, s.where, fn);
        for (size_t i = f->decorators.size(); i-- > 0;) {
          int d = base + static_cast<int>(i);
          int callBase = temp();
          emit(Instr::make(Op::MOVE, callBase, d));
          emit(Instr::make(Op::MOVE, temp(), fn));
          emit(Instr::make(Op::CALL, callBase, 1, 0));
          emit(Instr::make(Op::MOVE, fn, callBase));
          nextReg_ = callBase;
        }
        storeName(f->name, fn);
        return;
      }
      case Stmt::Kind::Return: {
        auto* r = s.as<Return>();
        if (scope_->isModule) compileError(s.where, "'return' outside function");
        if (!cleanups_.empty()) {  // the value first, then finally bodies / with exits
          int v = temp();
          if (r->value) exprTo(*r->value, v);
          else emit(Instr::make(Op::LOADNONE, v));
          size_t suspended = runCleanups(/*loopExit=*/false);
          emit(Instr::make(Op::RETURN, v));
          resumeProtection(suspended);
          return;
        }
        if (!r->value) { emit(Instr::make(Op::RETURNNONE)); return; }
        int v = expr(*r->value);
        emit(Instr::make(Op::RETURN, v));
        return;
      }
      case Stmt::Kind::Assert: {
        auto* a = s.as<Assert>();
        size_t ok = condJump(*a->test, true);
        if (a->msg) {
          int m = expr(*a->msg);
          emit(Instr::make(Op::ASSERTFAIL, m, 0, 0, 1));
        } else {
          emit(Instr::make(Op::ASSERTFAIL, 0, 0, 0, 0));
        }
        patch(ok, here());
        return;
      }
      case Stmt::Kind::Import:
        for (auto& a : s.as<Import>()->names) {
          Loc l2(*this, a.where);
          int r = temp();
          if (a.asname.empty()) {
            std::string top = a.name.substr(0, a.name.find('.'));
            if (top != a.name) {  // import a.b: load a.b (checks it exists), bind a
              emit(Instr::makeBx(Op::IMPORT, r, static_cast<uint32_t>(strConst(a.name))));
            }
            emit(Instr::makeBx(Op::IMPORT, r, static_cast<uint32_t>(strConst(top))));
            storeName(top, r);
          } else {
            emit(Instr::makeBx(Op::IMPORT, r, static_cast<uint32_t>(strConst(a.name))));
            storeName(a.asname, r);
          }
        }
        return;
      case Stmt::Kind::ImportFrom: {
        auto* im = s.as<ImportFrom>();
        int m = temp();
        emit(Instr::makeBx(Op::IMPORT, m, static_cast<uint32_t>(strConst(im->module))));
        for (auto& a : im->names) {
          Loc l2(*this, a.where);
          int r = temp();
          emit(Instr::make(Op::GETATTR, r, m, strConst(a.name)));
          storeName(a.asname.empty() ? a.name : a.asname, r);
        }
        return;
      }
      case Stmt::Kind::Global: return;
      case Stmt::Kind::ClassDef: classDef(*s.as<ClassDef>()); return;
      case Stmt::Kind::Try: tryStmt(*s.as<Try>()); return;
      case Stmt::Kind::With: withStmt(*s.as<With>(), 0); return;
      case Stmt::Kind::Raise: raiseStmt(*s.as<Raise>()); return;
      // issue 15 additions (lang2)
      case Stmt::Kind::Nonlocal: return;
      case Stmt::Kind::Delete:
        for (auto& t : s.as<Delete>()->targets) del(*t);
        return;
    }
  }

  // ---- the object model and exceptions (docs/language.md)

  // class C(B): body  ==>  R[c] = "C"; R[c+1] = <body>() (its namespace
  // dict); R[c+2] = B; MAKECLASS c, 1; decorators; C = R[c].
  void classDef(const ClassDef& c) {
    int base = nextReg_;
    for (auto& d : c.decorators) exprTo(*d, temp());
    int cls = temp();
    int ns = temp();
    loadConst(cls, strConst(c.name));
    makeFunction(&c, c.name, {}, &c.body, nullptr, c.where, ns);
    nextReg_ = ns + 1;
    emit(Instr::make(Op::CALL, ns, 0, 0));
    if (c.bases.size() > 255) compileError(c.where, "too many base classes");
    for (auto& b : c.bases) exprTo(*b, temp());
    {
      Loc loc(*this, c.where);
      emit(Instr::make(Op::MAKECLASS, cls, static_cast<int>(c.bases.size())));
    }
    nextReg_ = cls + 1;
    for (size_t i = c.decorators.size(); i-- > 0;) {
      int d = base + static_cast<int>(i);
      int callBase = temp();
      emit(Instr::make(Op::MOVE, callBase, d));
      emit(Instr::make(Op::MOVE, temp(), cls));
      emit(Instr::make(Op::CALL, callBase, 1, 0));
      emit(Instr::make(Op::MOVE, cls, callBase));
      nextReg_ = callBase;
    }
    storeName(c.name, cls);
  }

  // The end of a class body: return {name: value} of its locals.
  void returnClassNamespace() {
    int base = nextReg_;
    int n = 0;
    for (auto& name : scope_->assigned) {
      if (!scope_->isLocal(name)) continue;
      loadConst(temp(), strConst(name));
      loadName(name, temp());
      ++n;
    }
    int d = temp();
    emit(Instr::make(Op::BUILDDICT, d, base, n));
    emit(Instr::make(Op::RETURN, d));
  }

  void beginProtect(int reg) { protected_.push_back({reg, static_cast<uint32_t>(here()), {}}); }
  // Closes the innermost region; its handler is at `target` (patched later by the caller).
  Protected endProtect() {
    Protected p = std::move(protected_.back());
    protected_.pop_back();
    if (here() > p.start) p.ranges.emplace_back(p.start, static_cast<uint32_t>(here()));
    return p;
  }
  void addHandlers(const Protected& p, size_t target) {
    for (auto& r : p.ranges)
      code_->handlers.push_back(ExceptionHandler{r.first, r.second, static_cast<uint32_t>(target), static_cast<uint16_t>(p.reg)});
  }
  // Emits the cleanups a return (or, with loopExit, a break/continue of the
  // innermost loop) leaves, innermost first; the code of each runs outside
  // the regions it would otherwise be protected by. resumeProtection()
  // reopens them after the jump.
  size_t runCleanups(bool loopExit) {
    size_t suspendedFrom = protected_.size();
    for (size_t i = cleanups_.size(); i-- > 0;) {
      const Cleanup c = cleanups_[i];
      if (loopExit && c.loopDepth < loops_.size()) break;
      for (size_t j = c.protectedDepth; j < suspendedFrom; ++j) {
        Protected& p = protected_[j];
        if (here() > p.start) p.ranges.emplace_back(p.start, static_cast<uint32_t>(here()));
        p.start = UINT32_MAX;
      }
      suspendedFrom = std::min(suspendedFrom, c.protectedDepth);
      // The cleanup's own code must not see the cleanup again.
      auto saved = cleanups_;
      cleanups_.resize(i);
      if (c.finalbody) block(*c.finalbody);
      else emit(Instr::make(Op::WITHEXIT, c.withManager, 0, 0, 0));
      cleanups_ = std::move(saved);
    }
    return suspendedFrom;
  }
  void resumeProtection(size_t from) {
    for (size_t j = from; j < protected_.size(); ++j) protected_[j].start = static_cast<uint32_t>(here());
  }

  void tryStmt(const Try& t) {
    if (t.finalbody.empty()) { tryExcept(t); return; }
    int exc = temp();
    emit(Instr::make(Op::TRYENTER, 0, 0, 0, 0));
    beginProtect(exc);
    cleanups_.push_back(Cleanup{&t.finalbody, -1, protected_.size() - 1, loops_.size()});
    if (t.handlers.empty()) block(t.body);
    else tryExcept(t);
    cleanups_.pop_back();
    Protected p = endProtect();
    block(t.finalbody);
    size_t done = emitJump(Op::JMP);
    addHandlers(p, here());
    block(t.finalbody);
    emit(Instr::make(Op::RAISE, exc, 0, 0, 2));
    patch(done, here());
  }

  void tryExcept(const Try& t) {
    TempScope ts(*this);
    int exc = temp();
    emit(Instr::make(Op::TRYENTER, 0, 0, 0, 0));
    beginProtect(exc);
    block(t.body);
    Protected p = endProtect();
    block(t.orelse);
    std::vector<size_t> ends{emitJump(Op::JMP)};
    addHandlers(p, here());
    for (const ExceptHandler& h : t.handlers) {
      Loc loc(*this, h.where);
      TempScope hs(*this);
      size_t next = 0;
      if (h.type) {
        int type = expr(*h.type);
        int match = temp();
        emit(Instr::make(Op::EXCMATCH, match, exc, type));
        next = emitJump(Op::JMPIFNOT, match);
      }
      if (!h.name.empty()) storeName(h.name, exc);
      handledExc_.push_back(exc);
      block(h.body);
      handledExc_.pop_back();
      ends.push_back(emitJump(Op::JMP));
      if (h.type) patch(next, here());
      else break;
    }
    if (!t.handlers.back().type) {
      // a bare except: catches everything (catchable)
    } else {
      emit(Instr::make(Op::RAISE, exc, 0, 0, 2));
    }
    for (size_t j : ends) patch(j, here());
  }

  // with a as x, b: body  ==>  with a as x: with b: body
  void withStmt(const With& w, size_t item) {
    if (item == w.items.size()) { block(w.body); return; }
    TempScope ts(*this);
    const WithItem& it = w.items[item];
    int m = temp();
    temp();  // m + 1: __exit__
    temp();  // m + 2: what __enter__ returned
    int exc = temp();
    {
      Loc loc(*this, it.where);
      exprTo(*it.context, m);
      emit(Instr::make(Op::TRYENTER, m, 0, 0, 1));
      emit(Instr::make(Op::WITHENTER, m));
    }
    if (it.target) store(*it.target, m + 2);
    beginProtect(exc);
    cleanups_.push_back(Cleanup{nullptr, m, protected_.size() - 1, loops_.size()});
    withStmt(w, item + 1);
    cleanups_.pop_back();
    Protected p = endProtect();
    Loc loc(*this, it.where);
    emit(Instr::make(Op::WITHEXIT, m, 0, 0, 0));
    size_t done = emitJump(Op::JMP);
    addHandlers(p, here());
    emit(Instr::make(Op::WITHEXIT, m, exc, 0, 1));
    patch(done, here());
  }

  void raiseStmt(const Raise& r) {
    if (!r.exc) {
      if (handledExc_.empty()) emit(Instr::make(Op::RAISE, 0, 0, 0, 3));
      else emit(Instr::make(Op::RAISE, handledExc_.back(), 0, 0, 2));
      return;
    }
    int e = expr(*r.exc);
    // C: 1 + the register of the exception being handled, the new one's
    // __context__ (Note [Exception chaining] in exceptions.cpp); 0 outside handlers.
    int context = handledExc_.empty() ? 0 : handledExc_.back() + 1;
    if (r.cause) {
      int c = expr(*r.cause);
      emit(Instr::make(Op::RAISE, e, c, context, 1));
      return;
    }
    emit(Instr::make(Op::RAISE, e, 0, context, 0));
  }

  void del(const Expr& target) {
    Loc loc(*this, target.where);
    TempScope ts(*this);
    if (auto* n = target.as<Name>()) {
      Resolved r = resolve(n->id);
      if (r.kind == NameKind::Global) emit(Instr::makeBx(Op::DELGLOBAL, 0, static_cast<uint32_t>(r.index)));
      else emit(Instr::makeBx(Op::DELLOCAL, r.index, static_cast<uint32_t>(strConst(n->id))));
      return;
    }
    if (auto* sub = target.as<Subscript>()) {
      int obj = expr(*sub->value);
      int idx = index(*sub->index);
      emit(Instr::make(Op::DELITEM, obj, idx));
      return;
    }
    if (auto* attr = target.as<Attribute>()) {  // Note [del of an attribute]
      int fn = temp();
      int obj = temp();
      int name = temp();
      loadConst(fn, constant("native:delattr", makeNative("delattr", builtinDelattr)));
      exprTo(*attr->value, obj);
      loadConst(name, strConst(attr->attr));
      emit(Instr::make(Op::CALL, fn, 2, 0));
      return;
    }
    const ExprList& elts = target.is<Tuple>() ? target.as<Tuple>()->elts : target.as<List>()->elts;
    for (auto& e : elts) del(*e);
  }

  void augAssign(const AugAssign& a) {
    Op op = binOp(a.op);
    const Expr& t = *a.target;
    if (auto* n = t.as<Name>()) {
      int r = localReg(t);
      if (r >= 0) {
        int v = expr(*a.value);
        emit(Instr::make(op, r, r, v, 1));
        return;
      }
      int cur = temp();
      loadName(n->id, cur);
      int v = expr(*a.value);
      emit(Instr::make(op, cur, cur, v, 1));
      storeName(n->id, cur);
      return;
    }
    if (auto* at = t.as<Attribute>()) {
      int obj = expr(*at->value);
      int cur = temp();
      int name = strConst(at->attr);
      emit(Instr::make(Op::GETATTR, cur, obj, name));
      int v = expr(*a.value);
      emit(Instr::make(op, cur, cur, v, 1));
      emit(Instr::make(Op::SETATTR, obj, name, cur));
      return;
    }
    auto* sub = t.as<Subscript>();
    int obj = expr(*sub->value);
    int idx = index(*sub->index);
    int cur = temp();
    emit(Instr::make(Op::GETITEM, cur, obj, idx));
    int v = expr(*a.value);
    emit(Instr::make(op, cur, cur, v, 1));
    emit(Instr::make(Op::SETITEM, obj, idx, cur));
  }
};

}  // namespace

CodePtr compileModule(const ast::Module& module, SourceFilePtr file, GlobalsTable& globals, bool interactive) {
  ScopeBuilder scopes;
  Scope* root = scopes.build(module);
  FunctionCompiler fc(scopes, root, file, globals, nullptr);
  return fc.compileModule(module, interactive);
}

}  // namespace tdsl
