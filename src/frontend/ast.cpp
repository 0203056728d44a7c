// Operator spellings and the S-expression dump of the AST (used by tests and
// debugging; see dumpAst in parser.h). Recursion here is bounded by
// Note [AST depth].
#include <fmt/format.h>

#include "frontend/ast.h"
#include "frontend/parser.h"

namespace tdsl {
namespace ast {

const char* opName(UnaryOpKind op) {
  switch (op) {
    case UnaryOpKind::Neg: return "-";
    case UnaryOpKind::Pos: return "+";
    case UnaryOpKind::Not: return "not";
    case UnaryOpKind::Invert: return "~";
  }
  return "?";
}

const char* opName(BinOpKind op) {
  switch (op) {
    case BinOpKind::Add: return "+";
    case BinOpKind::Sub: return "-";
    case BinOpKind::Mul: return "*";
    case BinOpKind::Div: return "/";
    case BinOpKind::FloorDiv: return "//";
    case BinOpKind::Mod: return "%";
    case BinOpKind::Pow: return "**";
    case BinOpKind::MatMul: return "@";
    case BinOpKind::BitAnd: return "&";
    case BinOpKind::BitOr: return "|";
    case BinOpKind::BitXor: return "^";
    case BinOpKind::LShift: return "<<";
    case BinOpKind::RShift: return ">>";
  }
  return "?";
}

const char* opName(CmpOpKind op) {
  switch (op) {
    case CmpOpKind::Eq: return "==";
    case CmpOpKind::NotEq: return "!=";
    case CmpOpKind::Lt: return "<";
    case CmpOpKind::LtE: return "<=";
    case CmpOpKind::Gt: return ">";
    case CmpOpKind::GtE: return ">=";
    case CmpOpKind::Is: return "is";
    case CmpOpKind::IsNot: return "is not";
    case CmpOpKind::In: return "in";
    case CmpOpKind::NotIn: return "not in";
  }
  return "?";
}

const char* opName(BoolOpKind op) { return op == BoolOpKind::And ? "and" : "or"; }

}  // namespace ast

namespace {

using namespace ast;

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) out += fmt::format("\\x{:02x}", static_cast<unsigned char>(c));
        else out += c;
    }
  }
  return out + "\"";
}

class Dumper {
 public:
  std::string out;

  void expr(const Expr* e) {
    if (!e) {
      out += "_";
      return;
    }
    switch (e->kind) {
      case Expr::Kind::NoneLit: out += "(none)"; return;
      case Expr::Kind::EllipsisLit: out += "(ellipsis)"; return;
      case Expr::Kind::BoolLit: out += e->as<BoolLit>()->value ? "(true)" : "(false)"; return;
      case Expr::Kind::IntLit: out += fmt::format("(int {})", e->as<IntLit>()->value); return;
      case Expr::Kind::FloatLit: {
        std::string f = fmt::format("{}", e->as<FloatLit>()->value);  // shortest round-trip
        if (f.find_first_of(".eni") == std::string::npos) f += ".0";   // Python's repr: 2.0
        out += "(float " + f + ")";
        return;
      }
      case Expr::Kind::StrLit: out += "(str " + quoted(e->as<StrLit>()->value) + ")"; return;
      case Expr::Kind::FString:
        out += "(fstring";
        parts(e->as<FString>()->parts);
        out += ")";
        return;
      case Expr::Kind::Name: out += "(name " + e->as<Name>()->id + ")"; return;
      case Expr::Kind::Tuple: open("tuple"), list(e->as<Tuple>()->elts), close(); return;
      case Expr::Kind::List: open("list"), list(e->as<List>()->elts), close(); return;
      case Expr::Kind::Dict: {
        auto* d = e->as<Dict>();
        open("dict");
        for (size_t i = 0; i < d->keys.size(); ++i) {
          out += " (";
          expr(d->keys[i].get());
          out += " : ";
          expr(d->values[i].get());
          out += ")";
        }
        return close();
      }
      case Expr::Kind::Call: {
        auto* c = e->as<Call>();
        open("call"), sub(c->func.get()), list(c->args);
        for (const Keyword& k : c->keywords) out += " (kw " + k.name + " ", expr(k.value.get()), out += ")";
        return close();
      }
      case Expr::Kind::Attribute: {
        auto* a = e->as<Attribute>();
        open("attr"), sub(a->value.get()), out += " " + a->attr;
        return close();
      }
      case Expr::Kind::Subscript: {
        auto* s = e->as<Subscript>();
        open("subscript"), sub(s->value.get()), sub(s->index.get());
        return close();
      }
      case Expr::Kind::Slice: {
        auto* s = e->as<Slice>();
        open("slice"), sub(s->lower.get()), sub(s->upper.get()), sub(s->step.get());
        return close();
      }
      case Expr::Kind::UnaryOp: {
        auto* u = e->as<UnaryOp>();
        open("unary"), out += std::string(" ") + opName(u->op), sub(u->operand.get());
        return close();
      }
      case Expr::Kind::BinOp: {
        auto* b = e->as<BinOp>();
        open("binop"), out += std::string(" ") + opName(b->op), sub(b->lhs.get()), sub(b->rhs.get());
        return close();
      }
      case Expr::Kind::Compare: {
        auto* c = e->as<Compare>();
        open("compare"), sub(c->left.get());
        for (size_t i = 0; i < c->ops.size(); ++i) out += std::string(" ") + opName(c->ops[i]), sub(c->comparators[i].get());
        return close();
      }
      case Expr::Kind::BoolOp: {
        auto* b = e->as<BoolOp>();
        open(opName(b->op)), list(b->values);
        return close();
      }
      case Expr::Kind::IfExp: {
        auto* i = e->as<IfExp>();
        open("ifexp"), sub(i->test.get()), sub(i->body.get()), sub(i->orelse.get());
        return close();
      }
      case Expr::Kind::ListComp: {
        auto* l = e->as<ListComp>();
        open("listcomp"), sub(l->elt.get());
        for (const Comprehension& c : l->generators) {
          out += " (for", sub(c.target.get()), sub(c.iter.get());
          for (const ExprPtr& cond : c.ifs) out += " (if", sub(cond.get()), out += ")";
          out += ")";
        }
        return close();
      }
      case Expr::Kind::Lambda: {
        auto* l = e->as<Lambda>();
        open("lambda"), params(l->params), sub(l->body.get());
        return close();
      }
      // issue 15 additions (lang2)
      case Expr::Kind::Yield: open("yield"), optional(e->as<Yield>()->value.get()); return close();
      case Expr::Kind::YieldFrom: open("yieldfrom"), sub(e->as<YieldFrom>()->value.get()); return close();
      case Expr::Kind::GeneratorExp: {
        auto* g = e->as<GeneratorExp>();
        open("genexp"), sub(g->elt.get()), comprehensions(g->generators);
        return close();
      }
      case Expr::Kind::Set: open("set"), list(e->as<Set>()->elts); return close();
      case Expr::Kind::SetComp: {
        auto* g = e->as<SetComp>();
        open("setcomp"), sub(g->elt.get()), comprehensions(g->generators);
        return close();
      }
      case Expr::Kind::DictComp: {
        auto* g = e->as<DictComp>();
        open("dictcomp"), sub(g->key.get()), sub(g->value.get()), comprehensions(g->generators);
        return close();
      }
      case Expr::Kind::Starred: open("starred"), sub(e->as<Starred>()->value.get()); return close();
    }
  }

  void stmt(const Stmt* s, int indent) {
    out += std::string(indent * 2, ' ');
    switch (s->kind) {
      case Stmt::Kind::ExprStmt: open("expr"), sub(s->as<ExprStmt>()->value.get()); break;
      case Stmt::Kind::Assign: {
        auto* a = s->as<Assign>();
        open("assign"), out += " (targets", list(a->targets), out += ")", sub(a->value.get());
        break;
      }
      case Stmt::Kind::AugAssign: {
        auto* a = s->as<AugAssign>();
        open("augassign"), out += std::string(" ") + opName(a->op), sub(a->target.get()), sub(a->value.get());
        break;
      }
      case Stmt::Kind::If: {
        auto* i = s->as<If>();
        open("if");
        for (const IfBranch& b : i->branches) out += " (branch", sub(b.test.get()), block(b.body, indent), out += ")";
        if (!i->orelse.empty()) out += " (else", block(i->orelse, indent), out += ")";
        break;
      }
      case Stmt::Kind::While: {
        auto* w = s->as<While>();
        open("while"), sub(w->test.get()), block(w->body, indent);
        if (!w->orelse.empty()) out += " (else", block(w->orelse, indent), out += ")";
        break;
      }
      case Stmt::Kind::For: {
        auto* f = s->as<For>();
        open("for"), sub(f->target.get()), sub(f->iter.get()), block(f->body, indent);
        if (!f->orelse.empty()) out += " (else", block(f->orelse, indent), out += ")";
        break;
      }
      case Stmt::Kind::Break: open("break"); break;
      case Stmt::Kind::Continue: open("continue"); break;
      case Stmt::Kind::Pass: open("pass"); break;
      case Stmt::Kind::FunctionDef: {
        auto* f = s->as<FunctionDef>();
        open("def"), out += " " + f->name;
        if (!f->decorators.empty()) out += " (decorators", list(f->decorators), out += ")";
        params(f->params), block(f->body, indent);
        break;
      }
      case Stmt::Kind::Return: open("return"), optional(s->as<Return>()->value.get()); break;
      case Stmt::Kind::Assert: {
        auto* a = s->as<Assert>();
        open("assert"), sub(a->test.get()), optional(a->msg.get());
        break;
      }
      case Stmt::Kind::Import: open("import"), aliases(s->as<Import>()->names); break;
      case Stmt::Kind::ImportFrom: {
        auto* i = s->as<ImportFrom>();
        open("from"), out += " " + i->module, aliases(i->names);
        break;
      }
      case Stmt::Kind::Global:
        open("global");
        for (const std::string& n : s->as<Global>()->names) out += " " + n;
        break;
      case Stmt::Kind::ClassDef: {
        auto* c = s->as<ClassDef>();
        open("class"), out += " " + c->name;
        if (!c->decorators.empty()) out += " (decorators", list(c->decorators), out += ")";
        if (!c->bases.empty()) out += " (bases", list(c->bases), out += ")";
        block(c->body, indent);
        break;
      }
      case Stmt::Kind::Try: {
        auto* t = s->as<Try>();
        open("try"), block(t->body, indent);
        for (const ExceptHandler& h : t->handlers) {
          out += " (except";
          optional(h.type.get());
          if (!h.name.empty()) out += " as " + h.name;
          block(h.body, indent), out += ")";
        }
        if (!t->orelse.empty()) out += " (else", block(t->orelse, indent), out += ")";
        if (!t->finalbody.empty()) out += " (finally", block(t->finalbody, indent), out += ")";
        break;
      }
      case Stmt::Kind::With: {
        auto* w = s->as<With>();
        open("with");
        for (const WithItem& item : w->items) out += " (item", sub(item.context.get()), optional(item.target.get()), out += ")";
        block(w->body, indent);
        break;
      }
      case Stmt::Kind::Raise: {
        auto* r = s->as<Raise>();
        open("raise"), optional(r->exc.get()), optional(r->cause.get());
        break;
      }
      case Stmt::Kind::Delete: open("del"), list(s->as<Delete>()->targets); break;
      case Stmt::Kind::Nonlocal:
        open("nonlocal");
        for (const std::string& n : s->as<Nonlocal>()->names) out += " " + n;
        break;
    }
    close();
  }

 private:
  void comprehensions(const std::vector<Comprehension>& gens) {
    for (const Comprehension& c : gens) {
      out += " (for", sub(c.target.get()), sub(c.iter.get());
      for (const ExprPtr& cond : c.ifs) out += " (if", sub(cond.get()), out += ")";
      out += ")";
    }
  }
  void open(const char* head) { out += "(", out += head; }
  void close() { out += ")"; }
  void sub(const Expr* e) { out += " ", expr(e); }
  void optional(const Expr* e) {
    if (e) sub(e);
  }
  void list(const ExprList& es) {
    for (const ExprPtr& e : es) sub(e.get());
  }
  void block(const StmtList& body, int indent) {
    out += " (body";
    for (const StmtPtr& s : body) out += "\n", stmt(s.get(), indent + 1);
    out += ")";
  }
  void params(const std::vector<Param>& ps) {
    out += " (params";
    for (const Param& p : ps) {
      const char* mark = p.kind == ParamKind::VarArgs ? "*" : p.kind == ParamKind::VarKw ? "**" : p.kind == ParamKind::KwOnly ? "kw " : "";
      out += " (" + std::string(mark) + p.name;
      optional(p.defaultValue.get());
      out += ")";
    }
    out += ")";
  }
  void aliases(const std::vector<Alias>& names) {
    for (const Alias& a : names) out += " " + a.name + (a.asname.empty() ? "" : " as " + a.asname);
  }
  void parts(const std::vector<FStringPart>& ps) {
    for (const FStringPart& p : ps) {
      if (p.kind == FStringPart::Kind::Text) {
        out += " " + quoted(p.text);
        continue;
      }
      out += " (field", sub(p.expr.get());
      if (p.conversion) out += std::string(" !") + p.conversion;
      if (!p.spec.empty()) out += " (spec", parts(p.spec), out += ")";
      out += ")";
    }
  }
};

}  // namespace

std::string dumpAst(const ast::Module& module) {
  Dumper d;
  for (const ast::StmtPtr& s : module.body) d.stmt(s.get(), 0), d.out += "\n";
  return d.out;
}

std::string dumpAst(const ast::Expr& expr) {
  Dumper d;
  d.expr(&expr);
  return d.out;
}

}  // namespace tdsl
