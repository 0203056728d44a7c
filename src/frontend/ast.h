// The tdsl abstract syntax tree: what parseModule() returns, what the
// bytecode compiler consumes. It mirrors grammar/TdslParser.g4 but drops the
// concrete syntax (parentheses, commas, NEWLINE/INDENT tokens).
//
// Abstract grammar (`?` optional, `*` list, `|` alternatives):
//
//   Module     = Stmt*
//
//   Stmt = ExprStmt(Expr value)
//        | Assign(Expr* targets, Expr value)        -- a = b = v: targets [a, b]
//        | AugAssign(Expr target, BinOpKind op, Expr value)
//        | If(IfBranch* branches, Stmt* orelse)      -- if, then each elif, in order
//        | While(Expr test, Stmt* body)
//        | For(Expr target, Expr iter, Stmt* body)
//        | Break | Continue | Pass
//        | FunctionDef(Expr* decorators, str name, Param* params, Stmt* body)
//        | Return(Expr? value)
//        | Assert(Expr test, Expr? msg)
//        | Import(Alias* names)                      -- import a.b as c, d
//        | ImportFrom(str module, Alias* names)      -- from a.b import c as d, e
//        | Global(str* names)
//        | ClassDef(Expr* decorators, str name, Expr* bases, Stmt* body)
//        | Try(Stmt* body, ExceptHandler* handlers, Stmt* orelse, Stmt* finalbody)
//        | With(WithItem* items, Stmt* body)
//        | Raise(Expr? exc, Expr? cause)               -- bare `raise`: exc null
//
//   ExceptHandler = (Expr? type, str name, Stmt* body)  -- name "" without `as`
//   WithItem   = (Expr context, Expr? target)
//        -- issue 15 additions (lang2):
//        | Delete(Expr* targets)                     -- del a, b[i], c.d
//        | Nonlocal(str* names)
//        While and For also carry `Stmt* orelse`: the else block, run when the loop ends without break
//
//   IfBranch   = (Expr test, Stmt* body)
//   Param      = (str name, Expr? defaultValue)
//   Alias      = (str name, str asname)              -- asname "" when absent; name may be dotted
//   Keyword    = (str name, Expr value)
//   Comprehension = (Expr target, Expr iter, Expr* ifs)
//
//   Expr = NoneLit | EllipsisLit | BoolLit(bool) | IntLit(int64) | FloatLit(double)
//        | StrLit(str)                               -- escapes decoded, adjacent literals joined
//        | FString(FStringPart* parts)
//        | Name(str id)
//        | Tuple(Expr* elts) | List(Expr* elts) | Dict(Expr* keys, Expr* values)
//        | Call(Expr func, Expr* args, Keyword* keywords)
//        | Attribute(Expr value, str attr)
//        | Subscript(Expr value, Expr index)         -- x[i, 1:2] : index = Tuple(i, Slice)
//        | Slice(Expr? lower, Expr? upper, Expr? step) -- only as a Subscript index or inside its Tuple
//        | UnaryOp(UnaryOpKind op, Expr operand)     -- - + not ~
//        | BinOp(BinOpKind op, Expr lhs, Expr rhs)
//        | Compare(Expr left, CmpOpKind* ops, Expr* comparators)  -- a < b < c: one node
//        | BoolOp(BoolOpKind op, Expr* values)       -- a and b and c: one node, >= 2 values
//        | IfExp(Expr test, Expr body, Expr orelse)  -- body if test else orelse
//        | ListComp(Expr elt, Comprehension* generators)
//        | Lambda(Param* params, Expr body)
//        -- issue 15 additions (lang2):
//        | Yield(Expr? value) | YieldFrom(Expr value)
//        | GeneratorExp(Expr elt, Comprehension* generators)
//        | Set(Expr* elts) | SetComp(Expr elt, Comprehension* generators)
//        | DictComp(Expr key, Expr value, Comprehension* generators)
//        | Starred(Expr value)                       -- *x: an assignment target or a call argument
//   Param.kind: Normal, VarArgs (*args), KwOnly (after * or *args), VarKw (**kwargs);
//   a Call's Keyword with an empty name is **value.
//
//   FStringPart = Text(str text)                     -- {{ and }} already unescaped
//               | Field(Expr expr, char conversion, FStringPart* spec)
//                                                    -- conversion: 0, 'r', 's' or 'a';
//                                                    -- spec: Text/Field parts, empty if none
//
// Note [Assignment targets]
// The parser accepts any expression on the left of `=`, `+=` or `for ... in`
// and then checks it: an Assign/For target is a Name, Attribute, Subscript, or a
// Tuple/List whose elements are targets; an AugAssign target is a Name,
// Attribute or Subscript. Anything else is a syntax error ("cannot assign to
// ..."), so the compiler may rely on these shapes.
//
// Note [AST depth]
// No Expr tree is deeper than kMaxExprDepth nodes and no block nests deeper
// than kMaxBlockDepth (the parser reports "too deeply nested" instead), so
// recursive walks over the AST — including the destructors — cannot overflow
// the C++ stack. Long flat things (statement lists, elif chains, call
// arguments, `a and b and ...`, `a < b < ...`) are vectors, not nesting.
//
// Every node has a SourceRange `where` covering its whole text (begin
// inclusive, end exclusive, 1-based line/column counted in code points).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "support/diagnostics.h"

namespace tdsl::ast {

// See Note [AST depth]. 200 is CPython's limit on nested brackets; expression
// trees may be deeper than the brackets (a + b + ... is left-nested), so the
// tree limit is larger but still far below what a few hundred bytes of stack
// per level can afford on a 1 MB thread stack.
constexpr int kMaxBracketDepth = 200;
constexpr int kMaxExprDepth = 500;
constexpr int kMaxBlockDepth = 100;  // CPython: "too many statically nested blocks"

struct Node {
  SourceRange where;
};

// ---------------------------------------------------------------------------
// Expressions

struct Expr : Node {
  enum class Kind : uint8_t {
    NoneLit, EllipsisLit, BoolLit, IntLit, FloatLit, StrLit, FString,
    Name, Tuple, List, Dict, Call, Attribute, Subscript, Slice,
    UnaryOp, BinOp, Compare, BoolOp, IfExp, ListComp, Lambda,
    // issue 15 additions (lang2)
    Yield, YieldFrom, GeneratorExp, Set, SetComp, DictComp, Starred,
  };
  const Kind kind;

  explicit Expr(Kind kind) : kind(kind) {}
  virtual ~Expr() = default;

  // Checked downcast: `if (auto* call = e.as<Call>())`. Each subclass names its Kind.
  template <class T> T* as() { return kind == T::kKind ? static_cast<T*>(this) : nullptr; }
  template <class T> const T* as() const { return kind == T::kKind ? static_cast<const T*>(this) : nullptr; }
  template <class T> bool is() const { return kind == T::kKind; }
};
using ExprPtr = std::unique_ptr<Expr>;
using ExprList = std::vector<ExprPtr>;

template <Expr::Kind K>
struct ExprOf : Expr {
  static constexpr Kind kKind = K;
  ExprOf() : Expr(K) {}
};

enum class UnaryOpKind : uint8_t { Neg, Pos, Not, Invert };
enum class BinOpKind : uint8_t {
  Add, Sub, Mul, Div, FloorDiv, Mod, Pow, MatMul,
  BitAnd, BitOr, BitXor, LShift, RShift,
};
enum class CmpOpKind : uint8_t { Eq, NotEq, Lt, LtE, Gt, GtE, Is, IsNot, In, NotIn };
enum class BoolOpKind : uint8_t { And, Or };

// Python spelling of each operator: "-", "not", "//", "is not", "and".
const char* opName(UnaryOpKind op);
const char* opName(BinOpKind op);
const char* opName(CmpOpKind op);
const char* opName(BoolOpKind op);

struct NoneLit : ExprOf<Expr::Kind::NoneLit> {};
struct EllipsisLit : ExprOf<Expr::Kind::EllipsisLit> {};
struct BoolLit : ExprOf<Expr::Kind::BoolLit> { bool value = false; };
struct IntLit : ExprOf<Expr::Kind::IntLit> { int64_t value = 0; };  // fits int64 or is a syntax error
struct FloatLit : ExprOf<Expr::Kind::FloatLit> { double value = 0; };
struct StrLit : ExprOf<Expr::Kind::StrLit> { std::string value; };  // UTF-8

struct FStringPart {
  enum class Kind : uint8_t { Text, Field };
  Kind kind = Kind::Text;
  std::string text;               // Text
  ExprPtr expr;                   // Field
  char conversion = 0;            // Field: 0, 'r', 's', 'a'
  std::vector<FStringPart> spec;  // Field: format spec parts (Text, or Field without a spec)
  SourceRange where;
};
struct FString : ExprOf<Expr::Kind::FString> { std::vector<FStringPart> parts; };

struct Name : ExprOf<Expr::Kind::Name> { std::string id; };
struct Tuple : ExprOf<Expr::Kind::Tuple> { ExprList elts; };
struct List : ExprOf<Expr::Kind::List> { ExprList elts; };
struct Dict : ExprOf<Expr::Kind::Dict> { ExprList keys, values; };  // same length

struct Keyword : Node {
  std::string name;
  ExprPtr value;
};
struct Call : ExprOf<Expr::Kind::Call> {
  ExprPtr func;
  ExprList args;                  // positional, in order
  std::vector<Keyword> keywords;  // after the positional ones, names distinct
};
struct Attribute : ExprOf<Expr::Kind::Attribute> {
  ExprPtr value;
  std::string attr;
};
struct Subscript : ExprOf<Expr::Kind::Subscript> {
  ExprPtr value;
  ExprPtr index;  // any Expr, a Slice, or a Tuple that may contain Slices
};
struct Slice : ExprOf<Expr::Kind::Slice> {
  ExprPtr lower, upper, step;  // each may be null
};

struct UnaryOp : ExprOf<Expr::Kind::UnaryOp> {
  UnaryOpKind op = UnaryOpKind::Neg;
  ExprPtr operand;
};
struct BinOp : ExprOf<Expr::Kind::BinOp> {
  BinOpKind op = BinOpKind::Add;
  ExprPtr lhs, rhs;
};
struct Compare : ExprOf<Expr::Kind::Compare> {
  ExprPtr left;
  std::vector<CmpOpKind> ops;  // ops.size() == comparators.size() >= 1
  ExprList comparators;
};
struct BoolOp : ExprOf<Expr::Kind::BoolOp> {
  BoolOpKind op = BoolOpKind::And;
  ExprList values;  // >= 2, evaluated left to right with short-circuit
};
struct IfExp : ExprOf<Expr::Kind::IfExp> {
  ExprPtr test, body, orelse;
};

struct Comprehension : Node {
  ExprPtr target;  // see Note [Assignment targets]
  ExprPtr iter;
  ExprList ifs;
};
struct ListComp : ExprOf<Expr::Kind::ListComp> {
  ExprPtr elt;
  std::vector<Comprehension> generators;  // >= 1; the first one is outermost
};

enum class ParamKind : uint8_t { Normal, VarArgs, KwOnly, VarKw };
struct Param : Node {
  std::string name;
  ParamKind kind = ParamKind::Normal;  // in order: Normal*, VarArgs?, KwOnly*, VarKw?
  ExprPtr defaultValue;  // null when none; once one Normal param has a default, all later Normal ones do
};
struct Lambda : ExprOf<Expr::Kind::Lambda> {
  std::vector<Param> params;
  ExprPtr body;
};

// Issue 15 additions (lang2).
struct Yield : ExprOf<Expr::Kind::Yield> { ExprPtr value; };  // null: bare `yield`
struct YieldFrom : ExprOf<Expr::Kind::YieldFrom> { ExprPtr value; };
struct GeneratorExp : ExprOf<Expr::Kind::GeneratorExp> {
  ExprPtr elt;
  std::vector<Comprehension> generators;
};
struct Set : ExprOf<Expr::Kind::Set> { ExprList elts; };  // >= 1 (`{}` is a Dict)
struct SetComp : ExprOf<Expr::Kind::SetComp> {
  ExprPtr elt;
  std::vector<Comprehension> generators;
};
struct DictComp : ExprOf<Expr::Kind::DictComp> {
  ExprPtr key, value;
  std::vector<Comprehension> generators;
};
struct Starred : ExprOf<Expr::Kind::Starred> { ExprPtr value; };

// ---------------------------------------------------------------------------
// Statements

struct Stmt : Node {
  enum class Kind : uint8_t {
    ExprStmt, Assign, AugAssign, If, While, For, Break, Continue, Pass,
    FunctionDef, Return, Assert, Import, ImportFrom, Global,
    ClassDef, Try, With, Raise,
    // issue 15 additions (lang2)
    Delete, Nonlocal,
  };
  const Kind kind;

  explicit Stmt(Kind kind) : kind(kind) {}
  virtual ~Stmt() = default;

  template <class T> T* as() { return kind == T::kKind ? static_cast<T*>(this) : nullptr; }
  template <class T> const T* as() const { return kind == T::kKind ? static_cast<const T*>(this) : nullptr; }
  template <class T> bool is() const { return kind == T::kKind; }
};
using StmtPtr = std::unique_ptr<Stmt>;
using StmtList = std::vector<StmtPtr>;  // a block: never empty inside a compound statement

template <Stmt::Kind K>
struct StmtOf : Stmt {
  static constexpr Kind kKind = K;
  StmtOf() : Stmt(K) {}
};

struct ExprStmt : StmtOf<Stmt::Kind::ExprStmt> { ExprPtr value; };
struct Assign : StmtOf<Stmt::Kind::Assign> {
  ExprList targets;  // >= 1, assigned left to right; see Note [Assignment targets]
  ExprPtr value;
};
struct AugAssign : StmtOf<Stmt::Kind::AugAssign> {
  ExprPtr target;
  BinOpKind op = BinOpKind::Add;
  ExprPtr value;
};

struct IfBranch : Node {
  ExprPtr test;
  StmtList body;
};
struct If : StmtOf<Stmt::Kind::If> {
  std::vector<IfBranch> branches;  // >= 1: the `if`, then each `elif`
  StmtList orelse;                 // empty when there is no `else`
};
struct While : StmtOf<Stmt::Kind::While> {
  ExprPtr test;
  StmtList body;
  StmtList orelse;  // empty when there is no `else`
};
struct For : StmtOf<Stmt::Kind::For> {
  ExprPtr target;  // see Note [Assignment targets]
  ExprPtr iter;
  StmtList body;
  StmtList orelse;  // empty when there is no `else`
};
struct Break : StmtOf<Stmt::Kind::Break> {};
struct Continue : StmtOf<Stmt::Kind::Continue> {};
struct Pass : StmtOf<Stmt::Kind::Pass> {};

struct FunctionDef : StmtOf<Stmt::Kind::FunctionDef> {
  ExprList decorators;  // @d1 @d2 def f: f = d1(d2(f)); applied last to first
  std::string name;
  std::vector<Param> params;  // names distinct
  StmtList body;
};
struct Return : StmtOf<Stmt::Kind::Return> { ExprPtr value; };  // null: `return`
struct Assert : StmtOf<Stmt::Kind::Assert> {
  ExprPtr test;
  ExprPtr msg;  // may be null
};

struct Alias : Node {
  std::string name;    // "a" or dotted "a.b"
  std::string asname;  // "" when there is no `as`
};
struct Import : StmtOf<Stmt::Kind::Import> { std::vector<Alias> names; };
struct ImportFrom : StmtOf<Stmt::Kind::ImportFrom> {
  std::string module;        // dotted
  std::vector<Alias> names;  // never dotted
};
struct Global : StmtOf<Stmt::Kind::Global> { std::vector<std::string> names; };

// The object model and exceptions (docs/language.md).
struct ClassDef : StmtOf<Stmt::Kind::ClassDef> {
  ExprList decorators;  // as FunctionDef
  std::string name;
  ExprList bases;       // at most one is supported at run time (single inheritance)
  StmtList body;
};
struct ExceptHandler : Node {
  ExprPtr type;      // null: bare `except:`
  std::string name;  // "" when there is no `as`
  StmtList body;
};
struct Try : StmtOf<Stmt::Kind::Try> {
  StmtList body;
  std::vector<ExceptHandler> handlers;  // may be empty when finalbody is not
  StmtList orelse;                      // only with handlers
  StmtList finalbody;
};
struct WithItem : Node {
  ExprPtr context;
  ExprPtr target;  // may be null; see Note [Assignment targets]
};
struct With : StmtOf<Stmt::Kind::With> {
  std::vector<WithItem> items;  // >= 1; `with a, b:` is `with a: with b:`
  StmtList body;
};
struct Raise : StmtOf<Stmt::Kind::Raise> {
  ExprPtr exc;    // null: re-raise the exception being handled
  ExprPtr cause;  // `from cause`: evaluated and checked, otherwise ignored
};
// Issue 15 additions (lang2).
struct Delete : StmtOf<Stmt::Kind::Delete> { ExprList targets; };  // Names, Subscripts, Attributes, Tuples/Lists of them
struct Nonlocal : StmtOf<Stmt::Kind::Nonlocal> { std::vector<std::string> names; };

struct Module : Node {
  StmtList body;
};

}  // namespace tdsl::ast

// AST is complete
