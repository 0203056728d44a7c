// Definite-assignment analysis: see definite_assignment.h and
// Note [Conservative definite assignment].
#include "vm/definite_assignment.h"

#include <algorithm>

namespace tdsl {
namespace {

using namespace ast;

// The names definitely assigned at a program point; `unreachable` is the top
// element (after return/break/continue), neutral for intersections.
struct State {
  std::set<std::string> assigned;
  bool unreachable = false;
};

State meet(const State& a, const State& b) {
  if (a.unreachable) return b;
  if (b.unreachable) return a;
  State out;
  std::set_intersection(a.assigned.begin(), a.assigned.end(), b.assigned.begin(), b.assigned.end(),
                        std::inserter(out.assigned, out.assigned.end()));
  return out;
}

class Analysis {
 public:
  explicit Analysis(const std::function<bool(const std::string&)>& isLocal) : isLocal_(isLocal) {}
  std::set<std::string> flagged;

  void block(const StmtList& b, State& st) {
    for (auto& s : b) stmt(*s, st);
  }

 private:
  const std::function<bool(const std::string&)>& isLocal_;
  std::vector<std::set<std::string>> compVars_;   // comprehension targets in scope
  std::vector<std::vector<State>> breakStates_;   // per enclosing loop

  bool inComp(const std::string& n) const {
    for (auto& s : compVars_)
      if (s.count(n)) return true;
    return false;
  }
  void read(const std::string& n, const State& st) {
    if (st.unreachable || inComp(n) || !isLocal_(n)) return;
    if (!st.assigned.count(n)) flagged.insert(n);
  }

  void target(const Expr& e, State& st) {
    if (auto* n = e.as<Name>()) { st.assigned.insert(n->id); return; }
    if (auto* t = e.as<Tuple>()) { for (auto& x : t->elts) target(*x, st); return; }
    if (auto* l = e.as<List>()) { for (auto& x : l->elts) target(*x, st); return; }
    if (auto* s = e.as<Starred>()) { target(*s->value, st); return; }
    expr(e, st);  // attribute / subscript targets read their parts
  }

  void exprs(const ExprList& es, const State& st) {
    for (auto& e : es) expr(*e, st);
  }
  void opt(const ExprPtr& e, const State& st) {
    if (e) expr(*e, st);
  }

  void fstringParts(const std::vector<FStringPart>& parts, const State& st) {
    for (auto& p : parts) {
      if (p.expr) expr(*p.expr, st);
      fstringParts(p.spec, st);
    }
  }

  // Expressions assign nothing (no walrus), so only their reads matter.
  void expr(const Expr& e, const State& st) {
    switch (e.kind) {
      case Expr::Kind::NoneLit: case Expr::Kind::EllipsisLit: case Expr::Kind::BoolLit:
      case Expr::Kind::IntLit: case Expr::Kind::FloatLit: case Expr::Kind::StrLit: return;
      case Expr::Kind::FString: fstringParts(e.as<FString>()->parts, st); return;
      case Expr::Kind::Name: read(e.as<Name>()->id, st); return;
      case Expr::Kind::Tuple: exprs(e.as<Tuple>()->elts, st); return;
      case Expr::Kind::List: exprs(e.as<List>()->elts, st); return;
      case Expr::Kind::Dict: exprs(e.as<Dict>()->keys, st); exprs(e.as<Dict>()->values, st); return;
      case Expr::Kind::Call: {
        auto* c = e.as<Call>();
        expr(*c->func, st);
        exprs(c->args, st);
        for (auto& k : c->keywords) expr(*k.value, st);
        return;
      }
      case Expr::Kind::Attribute: expr(*e.as<Attribute>()->value, st); return;
      case Expr::Kind::Subscript: expr(*e.as<Subscript>()->value, st); expr(*e.as<Subscript>()->index, st); return;
      case Expr::Kind::Slice: {
        auto* s = e.as<Slice>();
        opt(s->lower, st); opt(s->upper, st); opt(s->step, st);
        return;
      }
      case Expr::Kind::UnaryOp: expr(*e.as<UnaryOp>()->operand, st); return;
      case Expr::Kind::BinOp: expr(*e.as<BinOp>()->lhs, st); expr(*e.as<BinOp>()->rhs, st); return;
      case Expr::Kind::Compare: expr(*e.as<Compare>()->left, st); exprs(e.as<Compare>()->comparators, st); return;
      case Expr::Kind::BoolOp: exprs(e.as<BoolOp>()->values, st); return;
      case Expr::Kind::IfExp: {
        auto* i = e.as<IfExp>();
        expr(*i->test, st); expr(*i->body, st); expr(*i->orelse, st);
        return;
      }
      case Expr::Kind::ListComp: {
        auto* c = e.as<ListComp>();
        compVars_.emplace_back();
        for (size_t g = 0; g < c->generators.size(); ++g) {
          auto& gen = c->generators[g];
          expr(*gen.iter, st);
          compTargets(*gen.target);
          exprs(gen.ifs, st);
        }
        expr(*c->elt, st);
        compVars_.pop_back();
        return;
      }
      case Expr::Kind::Lambda:
        // The body runs later, in its own scope; the defaults run now.
        for (auto& p : e.as<Lambda>()->params) opt(p.defaultValue, st);
        return;
      // issue 15 additions (lang2)
      case Expr::Kind::Yield: opt(e.as<Yield>()->value, st); return;
      case Expr::Kind::YieldFrom: expr(*e.as<YieldFrom>()->value, st); return;
      case Expr::Kind::Set: exprs(e.as<Set>()->elts, st); return;
      case Expr::Kind::Starred: expr(*e.as<Starred>()->value, st); return;
      case Expr::Kind::GeneratorExp:
        // Only the first iterable runs now; the rest runs in the generator's scope.
        expr(*e.as<GeneratorExp>()->generators[0].iter, st);
        return;
      case Expr::Kind::SetComp: comprehension(e.as<SetComp>()->generators, {e.as<SetComp>()->elt.get()}, st); return;
      case Expr::Kind::DictComp:
        comprehension(e.as<DictComp>()->generators, {e.as<DictComp>()->key.get(), e.as<DictComp>()->value.get()}, st);
        return;
    }
  }
  void comprehension(const std::vector<Comprehension>& gens, std::vector<const Expr*> elts, const State& st) {
    compVars_.emplace_back();
    for (auto& gen : gens) {
      expr(*gen.iter, st);
      compTargets(*gen.target);
      exprs(gen.ifs, st);
    }
    for (const Expr* x : elts) expr(*x, st);
    compVars_.pop_back();
  }
  void compTargets(const Expr& e) {
    if (auto* n = e.as<Name>()) { compVars_.back().insert(n->id); return; }
    if (auto* t = e.as<Tuple>()) { for (auto& x : t->elts) compTargets(*x); return; }
    if (auto* l = e.as<List>()) { for (auto& x : l->elts) compTargets(*x); return; }
    if (auto* s = e.as<Starred>()) { compTargets(*s->value); return; }
  }

  static bool isTrueLiteral(const Expr& e) {
    auto* b = e.as<BoolLit>();
    return b && b->value;
  }

  void loopBody(const StmtList& body, State st, State& after, bool onlyBreakExits) {
    breakStates_.emplace_back();
    State entry = st;
    block(body, st);
    State out = onlyBreakExits ? State{{}, true} : entry;
    for (auto& b : breakStates_.back()) out = meet(out, b);
    breakStates_.pop_back();
    after = out;
  }

  void stmt(const Stmt& s, State& st) {
    switch (s.kind) {
      case Stmt::Kind::ExprStmt: expr(*s.as<ExprStmt>()->value, st); return;
      case Stmt::Kind::Assign: {
        auto* a = s.as<Assign>();
        expr(*a->value, st);
        for (auto& t : a->targets) target(*t, st);
        return;
      }
      case Stmt::Kind::AugAssign: {
        auto* a = s.as<AugAssign>();
        expr(*a->target, st);  // x += 1 reads x first
        expr(*a->value, st);
        if (auto* n = a->target->as<Name>()) st.assigned.insert(n->id);
        return;
      }
      case Stmt::Kind::If: {
        auto* i = s.as<If>();
        State out{{}, true};
        for (auto& b : i->branches) {
          expr(*b.test, st);
          State branch = st;
          block(b.body, branch);
          out = meet(out, branch);
        }
        State orelse = st;
        block(i->orelse, orelse);
        st = meet(out, orelse);
        return;
      }
      case Stmt::Kind::While: {
        auto* w = s.as<While>();
        expr(*w->test, st);
        if (!w->orelse.empty()) {
          // The else runs when the test fails: from the entry or after a pass of the body.
          State normal = st;
          block(w->orelse, normal);
          State viaBreak;
          loopBody(w->body, st, viaBreak, true);
          st = isTrueLiteral(*w->test) ? viaBreak : meet(normal, viaBreak);
          return;
        }
        loopBody(w->body, st, st, isTrueLiteral(*w->test));
        return;
      }
      case Stmt::Kind::For: {
        auto* f = s.as<For>();
        expr(*f->iter, st);
        State body = st;
        target(*f->target, body);
        State after;
        if (!f->orelse.empty()) {
          State normal = st;
          block(f->orelse, normal);
          State viaBreak;
          loopBody(f->body, body, viaBreak, true);
          st = meet(normal, viaBreak);
          return;
        }
        loopBody(f->body, body, after, false);
        st = meet(st, after);
        return;
      }
      case Stmt::Kind::Break:
        if (!breakStates_.empty()) breakStates_.back().push_back(st);
        st.unreachable = true;
        return;
      case Stmt::Kind::Continue: st.unreachable = true; return;
      case Stmt::Kind::Pass: return;
      case Stmt::Kind::FunctionDef: {
        auto* f = s.as<FunctionDef>();
        exprs(f->decorators, st);
        for (auto& p : f->params) opt(p.defaultValue, st);
        st.assigned.insert(f->name);
        return;
      }
      case Stmt::Kind::Return: opt(s.as<Return>()->value, st); st.unreachable = true; return;
      case Stmt::Kind::Assert: expr(*s.as<Assert>()->test, st); opt(s.as<Assert>()->msg, st); return;
      case Stmt::Kind::Import:
        for (auto& a : s.as<Import>()->names)
          st.assigned.insert(a.asname.empty() ? a.name.substr(0, a.name.find('.')) : a.asname);
        return;
      case Stmt::Kind::ImportFrom:
        for (auto& a : s.as<ImportFrom>()->names) st.assigned.insert(a.asname.empty() ? a.name : a.asname);
        return;
      case Stmt::Kind::Global: return;
      // The object model and exceptions (docs/language.md).
      case Stmt::Kind::ClassDef: {
        auto* c = s.as<ClassDef>();
        exprs(c->decorators, st);
        exprs(c->bases, st);
        st.assigned.insert(c->name);
        return;
      }
      case Stmt::Kind::Raise: opt(s.as<Raise>()->exc, st); opt(s.as<Raise>()->cause, st); st.unreachable = true; return;
      case Stmt::Kind::With: {
        auto* w = s.as<With>();
        for (auto& item : w->items) {
          expr(*item.context, st);
          if (item.target) target(*item.target, st);
        }
        // The body may be left early by an exception that __exit__ suppresses.
        State body = st;
        block(w->body, body);
        st = meet(st, body);
        return;
      }
      case Stmt::Kind::Try: {
        // Any statement of the body may raise: a handler starts from the
        // state before the body; after the statement, what every path has.
        auto* t = s.as<Try>();
        State entry = st;
        State body = st;
        block(t->body, body);
        block(t->orelse, body);
        State out = body;
        for (auto& h : t->handlers) {
          State hs = entry;
          if (!h.name.empty()) hs.assigned.insert(h.name);
          block(h.body, hs);
          out = meet(out, hs);
        }
        if (!t->finalbody.empty()) {
          State fin = meet(entry, out);
          block(t->finalbody, fin);
          if (fin.unreachable) out.unreachable = true;
          for (auto& n : fin.assigned) out.assigned.insert(n);
        }
        st = out;
        return;
      }
      // issue 15 additions (lang2)
      case Stmt::Kind::Delete:
        // A deleted local may be read unassigned afterwards: its later reads are checked.
        for (auto& t : s.as<Delete>()->targets) {
          if (auto* n = t->as<Name>()) { read(n->id, st); st.assigned.erase(n->id); }
          else expr(*t, st);
        }
        return;
      case Stmt::Kind::Nonlocal: return;
    }
  }
};

}  // namespace

std::set<std::string> possiblyUnassignedLocals(const std::vector<ast::Param>& params, const ast::StmtList& body,
                                               const std::function<bool(const std::string&)>& isLocal) {
  Analysis a(isLocal);
  State st;
  for (auto& p : params) st.assigned.insert(p.name);
  a.block(body, st);
  return a.flagged;
}

}  // namespace tdsl
