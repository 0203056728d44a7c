// Pointwise fusion (see fuse.h).
#include "opt/fuse.h"

#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "support/diagnostics.h"
#include "ir/alias_analysis.h"
#include "ops/op_table.h"
#include "tensor/promotion.h"
#include "tensor/scalar_convert.h"

namespace tdsl::opt {

using namespace tdsl::ir;

namespace {

// Note [Fusible ops]
// What the JIT reproduces bit for bit (jit/vector_program.cpp lowers each):
// the Tensor and Scalar overloads of add, sub (alpha
// 1 only: another alpha is a separate multiply in eager), mul, div, and neg,
// abs, maximum, minimum, relu, clamp (Python-number bounds), and the
// comparisons eq ne lt le gt ge (bool results), computing in float32 or
// float64 (operands of other dtypes: Note [Mixed groups]); where(cond, a, b)
// with tensor a and b (cond a lane mask of the group, or any bool tensor).
// pow.Tensor_Scalar joins when its exponent, converted as
// eager converts it, is 2, 3, 0.5 or -1 (powForm): eager then multiplies,
// takes the IEEE square root or divides; any other exponent, and
// pow.Tensor_Tensor / pow.Scalar, join as MathFn::Pow. sqrt, sigmoid and the
// transcendentals of tensor/math_fn.h (exp ... erf, atan2) join too: eager
// and JIT kernels both compute them with the same SLEEF family (Note [SLEEF
// families] in tensor/sleef_table.h). Python numbers must be constants (a symbolic
// int is not). Broadcast, 0-d, strided and offset operands are all fine: the
// kernel reads them through their strides.
//
// In-place twins (add_, mul_, ...) join a group only when they write a
// buffer the group itself produced and nothing else reads (Note [Absorbed
// in-place ops]); any other in-place op is a mutation and closes the group.
//
// Note [Mixed groups]
// Casts and operands of other dtypes join too (jit/vector_program.h, Note
// [Mixed dtypes]): to.dtype to another dtype (x.float(), x.long(), .bool(),
// .to(torch.float64), type_as ...; to the same dtype it is a view and stays
// outside), between any two of float32, float64, int64, int32 and bool; and
// the functional add, sub, mul, div, maximum, minimum, the comparisons and
// where.self with float32 or float64 computation and tensor operands of any
// of those dtypes, which eager converts to the computation dtype
// (torch.result_type; div of integers computes in float32) with static_cast
// before the op, as the kernel does; where's condition may then be any bool
// tensor. Unary ops, pow, clamp and in-place twins still need operands of
// their computation dtype. A group takes ops of its first member's
// computation dtype that keep it of one dtype, and any other only when it
// reads a member's result (so independent chains stay apart: a mixed group
// runs one lane at a time); a mixed group takes no gather or store.
bool isOneConstant(const Arg& a) {
  return (a.kind == Arg::Kind::Int && a.i.isConstant() && a.i.constant() == 1) ||
         (a.kind == Arg::Kind::Float && a.f == 1.0);
}

bool isNumberConstant(const Arg& a) {
  return (a.kind == Arg::Kind::Int && a.i.isConstant()) || a.kind == Arg::Kind::Float || a.kind == Arg::Kind::Bool;
}

}  // namespace

std::optional<PointwiseKind> fusibleKind(const Node& n) {
  if (!n.isOp() || n.numOutputs() != 1) return std::nullopt;
  const OpDef& op = *n.op();
  if (op.fullName() == "to.dtype") {  // Note [Mixed groups]
    const IrValue* self = n.tensorArg(0);
    return self && self->meta().dtype != n.output()->meta().dtype ? std::optional(PointwiseKind::Cast) : std::nullopt;
  }
  if (!op.has(kTagPointwise)) return std::nullopt;
  std::string base = op.name();
  if (op.has(kTagInplace)) {
    if (base.empty() || base.back() != '_') return std::nullopt;
    base.pop_back();
  }
  static const std::pair<const char*, PointwiseKind> kKinds[] = {
      {"add", PointwiseKind::Add},         {"sub", PointwiseKind::Sub},         {"mul", PointwiseKind::Mul},
      {"div", PointwiseKind::Div},         {"neg", PointwiseKind::Neg},         {"abs", PointwiseKind::Abs},
      {"maximum", PointwiseKind::Maximum}, {"minimum", PointwiseKind::Minimum}, {"clamp", PointwiseKind::Clamp},
      {"relu", PointwiseKind::Relu},       {"eq", PointwiseKind::Eq},           {"ne", PointwiseKind::Ne},
      {"lt", PointwiseKind::Lt},           {"le", PointwiseKind::Le},           {"gt", PointwiseKind::Gt},
      {"ge", PointwiseKind::Ge},           {"where", PointwiseKind::Where},     {"pow", PointwiseKind::Pow}};
  std::optional<PointwiseKind> kind;
  for (auto& [name, k] : kKinds)
    if (base == name) kind = k;
  if (!kind && base == "sqrt") kind = PointwiseKind::Sqrt;
  if (!kind && base == "sigmoid") kind = PointwiseKind::Sigmoid;
  if (!kind && mathFnNamed(base)) kind = PointwiseKind::Math;
  if (!kind) return std::nullopt;
  const bool comparison = *kind >= PointwiseKind::Eq && *kind <= PointwiseKind::Ge;
  const bool isWhere = *kind == PointwiseKind::Where;
  // Note [Mixed groups]: these convert tensor operands of other dtypes.
  const bool converts = !op.has(kTagInplace) && (comparison || isWhere || *kind <= PointwiseKind::Minimum) &&
                        *kind != PointwiseKind::Neg && *kind != PointwiseKind::Abs;
  const DType dtype = computeDTypeOf(n);
  if (dtype != DType::Float32 && dtype != DType::Float64) return std::nullopt;
  if (n.output()->meta().dtype != (comparison ? DType::Bool : dtype)) return std::nullopt;
  if (isWhere && op.fullName() != "where.self") return std::nullopt;
  const auto& args = n.args();
  const auto& schema = op.schema.args;
  if (args.size() != schema.size()) return std::nullopt;
  for (size_t i = 0; i < args.size(); ++i) {
    const Arg& a = args[i];
    const std::string& argName = schema[i].name;
    if (isWhere && i == 0) {
      if (!a.isTensor() || a.tensor->meta().dtype != DType::Bool) return std::nullopt;
    } else if (argName == "alpha") {
      if (!isOneConstant(a)) return std::nullopt;
    } else if (a.isTensor()) {
      if (a.tensor->meta().dtype != dtype && !converts) return std::nullopt;
    } else if (a.isNone()) {
      if (*kind != PointwiseKind::Clamp) return std::nullopt;
    } else if (!isNumberConstant(a)) {
      return std::nullopt;
    }
  }
  if (*kind == PointwiseKind::Clamp && args[1].isNone() && args[2].isNone()) return std::nullopt;
  return kind;
}

namespace {

template <class T>
std::optional<PowForm> powFormAs(const Value& e) {
  T b;
  try {
    b = checkedScalarAs<T>(e);
  } catch (const Error&) {
    return std::nullopt;
  }
  if (b == T(2)) return PowForm::Square;
  if (b == T(3)) return PowForm::Cube;
  if (b == T(0.5)) return PowForm::Sqrt;
  if (b == T(-1)) return PowForm::Reciprocal;
  return std::nullopt;
}

}  // namespace

std::optional<PowForm> powForm(const Node& n) {
  if (!n.isOp() || n.numOutputs() != 1) return std::nullopt;
  const std::string& name = n.op()->fullName();
  if (name == "pow_.Tensor_Scalar") {
    // On one element pow_ calls pow() instead (kernels_pointwise.cpp).
    SymInt numel = n.output()->meta().numel();
    if (!numel.isConstant() || numel.constant() <= 1) return std::nullopt;
  } else if (name != "pow.Tensor_Scalar") {
    return std::nullopt;
  }
  const Arg& e = n.arg(1);
  Value v;
  if (e.kind == Arg::Kind::Int && e.i.isConstant()) v = Value::integer(e.i.constant());
  else if (e.kind == Arg::Kind::Float) v = Value::number(e.f);
  else if (e.kind == Arg::Kind::Bool) v = Value::boolean(e.b);
  else return std::nullopt;
  const DType d = n.output()->meta().dtype;
  if (d == DType::Float32) return powFormAs<float>(v);
  if (d == DType::Float64) return powFormAs<double>(v);
  return std::nullopt;
}

std::optional<MathFn> mathFnOf(const Node& n) {
  if (!n.isOp()) return std::nullopt;
  std::string base = n.op()->name();
  if (n.op()->has(kTagInplace) && !base.empty() && base.back() == '_') base.pop_back();
  if (base == "pow" && powForm(n)) return std::nullopt;
  return mathFnNamed(base);
}

DType computeDTypeOf(const Node& n) {
  if (n.op() && n.op()->has(kTagComparison)) {
    // torch.result_type of the operands, as eager's binary kernels compute it.
    ResultTypeBuilder rt;
    for (const Arg& a : n.args()) {
      if (a.isTensor()) rt.addTensor(a.tensor->meta().dtype, static_cast<int>(a.tensor->meta().sizes.size()), false);
      else if (a.kind == Arg::Kind::Bool) rt.add(Value::boolean(a.b));
      else if (a.kind == Arg::Kind::Int) rt.add(Value::integer(0));
      else if (a.kind == Arg::Kind::Float) rt.add(Value::number(a.f));
    }
    return rt.result();
  }
  if (n.op() && n.op()->fullName() == "to.dtype") {  // a cast computes on its float side
    const DType to = n.output()->meta().dtype, from = n.tensorArg(0)->meta().dtype;
    return isFloating(to) ? to : isFloating(from) ? from : DType::Float32;
  }
  return n.output()->meta().dtype;
}

namespace {

// Whether `n` computes in `d` reading only values of `d` (a where's
// condition made in the group aside): it keeps a group of `d` unmixed.
bool uniformIn(const Node& n, DType d, const std::unordered_set<const Node*>& members) {
  if (fusibleKind(n) == PointwiseKind::Cast || computeDTypeOf(n) != d) return false;
  const bool isWhere = fusibleKind(n) == PointwiseKind::Where;
  for (size_t i = 0; i < n.args().size(); ++i) {
    const Arg& a = n.arg(i);
    if (!a.isTensor()) continue;
    if (isWhere && i == 0) {
      if (!members.count(a.tensor->node())) return false;
    } else if (a.tensor->meta().dtype != d) {
      return false;
    }
  }
  return true;
}

}  // namespace

namespace {

// Storage roots (Note [Alias sets]) of the values fuse() sees: the analysis
// of the graph it started with, plus the Fused results it made (fresh, or
// the written buffer for a store: Note [Fused stores]).
class Roots {
 public:
  explicit Roots(const Graph& g) : aa_(g) {}
  const IrValue* of(const IrValue* v) const {
    auto it = made_.find(v);
    return it != made_.end() ? it->second : aa_.root(v);
  }
  void made(const IrValue* v, const IrValue* root) { made_[v] = root; }

 private:
  AliasAnalysis aa_;
  std::unordered_map<const IrValue*, const IrValue*> made_;
};

struct Group {
  std::vector<Node*> members;
  std::unordered_set<const Node*> memberSet;
  DType dtype = DType::Float32;
  std::vector<SymInt> sizes;
  bool endsInReduction = false;  // Note [Fused reductions]
  bool indexed = false;          // holds a gather (Note [Fused gathers])
  bool uniform = true;           // every member computes in `dtype` from `dtype` values (Note [Mixed groups])
  const Node* store = nullptr;   // Note [Fused stores]
  // Whether reduction `n` may end this group: it reduces a member's result
  // of the group's dtype (or its mask, which a dtype= sum converts), or it
  // is alone (reading anything).
  bool takesReduction(const Node& n) const {
    if (indexed) return false;
    if (members.empty()) return !reducesOverDims(n);  // over dims alone: eager's (Note [Fused reductions])
    const IrValue* self = n.tensorArg(0);
    const DType d = self->meta().dtype;
    return memberSet.count(self->node()) && (d == dtype || d == DType::Bool || !uniform);
  }
  void add(Node* n) { add(n, computeDTypeOf(*n), n->output()->meta().sizes); }
  void add(Node* n, DType d, const std::vector<SymInt>& s) {
    if (members.empty()) {
      dtype = d;
      sizes = s;
    }
    if (fusibleKind(*n) && !uniformIn(*n, dtype, memberSet)) uniform = false;
    members.push_back(n);
    memberSet.insert(n);
  }
  // A gather joins as a load of a tensor from outside (Note [Fused gathers]).
  bool takesGather(const IndexedAccess& a) const {
    return !memberSet.count(a.data->node()) &&
           (members.empty() || (uniform && a.data->meta().dtype == dtype && a.index->meta().sizes == sizes));
  }
  // Note [Fused stores]: may `n`, writing `target` (through `index` for an
  // indexed store), end this group?
  bool takesStore(const Node& n, const IrValue* target, const IrValue* index, const Roots& roots) const {
    if (memberSet.count(target->node()) || hasInternalOverlap(target->meta())) return false;
    const std::vector<SymInt>& space = index ? index->meta().sizes : n.output()->meta().sizes;
    if (!members.empty() && (!uniform || target->meta().dtype != dtype || space != sizes)) return false;
    if (fusibleKind(n) && !uniformIn(n, target->meta().dtype, memberSet)) return false;
    const IrValue* root = roots.of(target);
    std::vector<const Node*> readers(members.begin(), members.end());
    readers.push_back(&n);
    for (const Node* m : readers) {
      std::optional<IndexedAccess> gather = fusibleIndexed(*m);
      if (gather && gather->kind != IndexedKind::Gather) gather.reset();
      for (const IrValue* v : m->inputValues()) {
        if (memberSet.count(v->node()) || roots.of(v) != root) continue;
        if (m == &n && v == target) continue;  // the write itself
        if (regionOverlap(v->meta(), target->meta()) == Overlap::Disjoint) continue;
        const bool gathered = gather && v == gather->data;
        if (v != target) return false;
        if (!index && gathered) return false;                          // lane i would read another lane's element
        if (index && (!gathered || gather->index != index)) return false;  // distinct indices are checked per call
      }
    }
    return true;
  }
  // Note [Mixed groups]: an op that keeps a group of one dtype so, or one
  // that reads a member's result (a group with a gather stays unmixed).
  bool accepts(const Node& n) const {
    if (members.empty()) return true;
    if (n.output()->meta().sizes != sizes) return false;
    if (uniform && uniformIn(n, dtype, memberSet)) return true;
    return !indexed && isUsedBy(n);
  }
  // Note [Absorbed in-place ops]: reinplacing turns a chain like
  // clamp(sub(a, b)) into clamp_(sub(a, b)) on the fresh buffer of the sub.
  // Inside a group that buffer is a lane value, so the write is just the
  // next value of the lane, as long as the buffer is one a member made and
  // its only reader is this op (no view, nobody reads the old value). The
  // result keeps the buffer's layout (the in-place shape rule says so).
  // The buffer may also come from outside the group (sin(x).pow_(2)) when
  // it is a fresh result (no view, no in-place op's alias) that only this
  // op reads: the group then reads it and writes its result elsewhere.
  bool absorbs(const Node& n, const Roots& roots) const {
    const IrValue* self = n.tensorArg(0);
    if (!self || !accepts(n)) return false;
    const Node& producer = *self->node();
    const bool fresh = (producer.isFused() && roots.of(self) == self) ||
                       (producer.isOp() && !isMutation(producer) && aliasedArgIndex(producer, self->outputIndex()) < 0);
    if (!memberSet.count(&producer) && !fresh) return false;
    for (const Node* u : self->users())
      if (u != &n) return false;
    return true;
  }
  bool isUsedBy(const Node& n) const {
    for (const IrValue* v : n.inputValues())
      if (memberSet.count(v->node())) return true;
    return false;
  }
};

// Replaces the group's members by one Fused node right after the last one.
bool emitGroup(Graph& g, const Group& group, int index, Roots& roots) {
  std::vector<IrValue*> inputs;
  std::unordered_map<const IrValue*, IrValue*> inner;
  for (Node* m : group.members)
    for (IrValue* v : m->inputValues())
      if (!group.memberSet.count(v->node()) && !inner.count(v)) {
        inner[v] = nullptr;
        inputs.push_back(v);
      }
  // Every member has one result but a reduction that ends the group, which
  // may have two (max.dim: values and indices, Note [Fused reductions]).
  std::vector<IrValue*> escaping;
  for (Node* m : group.members)
    for (size_t k = 0; k < m->numOutputs(); ++k) {
      bool escapes = false;
      for (const Node* user : m->output(k)->users()) escapes = escapes || !group.memberSet.count(user);
      if (escapes || m == group.store) escaping.push_back(m->output(k));
    }
  if (escaping.empty()) return false;  // dead: dce's business
  auto body = std::make_shared<Graph>(g.name() + "_fused" + std::to_string(index));
  for (size_t i = 0; i < inputs.size(); ++i) inner[inputs[i]] = body->addInput("in" + std::to_string(i), inputs[i]->meta());
  for (Node* m : group.members) {
    std::vector<Arg> args = m->args();
    for (Arg& a : args) {
      if (a.isTensor()) a.tensor = inner.at(a.tensor);
      if (a.kind == Arg::Kind::TensorList)
        for (IrValue*& t : a.tensors) t = inner.at(t);
    }
    // An in-place op on a buffer from outside (absorbs) reads it as an input
    // and writes a result of its own: its functional twin. A store writes
    // the buffer itself (Note [Fused stores]).
    const OpDef* op = m->op();
    if (op->has(kTagInplace) && m != group.store && !group.memberSet.count(m->tensorArg(0)->node()))
      op = op->functional;
    TDSL_ASSERT(op != nullptr);
    std::vector<ValueMeta> metas;
    for (size_t k = 0; k < m->numOutputs(); ++k) metas.push_back(m->output(k)->meta());
    Node* copy = body->createOp(op, std::move(args), metas);
    for (size_t k = 0; k < m->numOutputs(); ++k) inner[m->output(k)] = copy->output(k);
  }
  std::vector<IrValue*> bodyOutputs;
  for (IrValue* v : escaping) bodyOutputs.push_back(inner.at(v));
  body->setOutputs(bodyOutputs);
  Node* last = group.members.back();
  Node* fused = g.createFused(std::move(body), inputs, last->next());
  // Every user outside the group comes after the last member (fuse() closes
  // a group before any such user).
  for (size_t i = 0; i < escaping.size(); ++i) {
    const bool stored = group.store && escaping[i] == group.store->output();
    roots.made(fused->output(i), stored ? roots.of(group.store->tensorArg(0)) : fused->output(i));
    escaping[i]->replaceUsesAfterWith(last, fused->output(i));
  }
  for (auto it = group.members.rbegin(); it != group.members.rend(); ++it) g.erase(*it);
  return true;
}

}  // namespace

int fuse(Graph& g, PassInterrupt interrupt) {
  int created = 0;
  Roots roots(g);
  Group group;
  auto close = [&] {
    if ((group.members.size() >= 2 || group.endsInReduction || group.store) && emitGroup(g, group, created, roots))
      ++created;
    group = Group();
  };
  // Note [Fused stores]: `n` ends the group (a fresh one when the open group
  // cannot take it); false when no group can.
  auto tryStore = [&](Node* n, const IrValue* index, DType d, const std::vector<SymInt>& space) {
    if (!group.takesStore(*n, n->tensorArg(0), index, roots)) {
      close();  // may replace n's arguments by the new Fused node's results
      if (!group.takesStore(*n, n->tensorArg(0), index, roots)) return false;
    }
    group.add(n, d, space);
    group.store = n;
    close();
    return true;
  };
  for (Node* n : g.nodes()) {
    interrupt.poll();
    if (std::optional<IndexedAccess> access = fusibleIndexed(*n)) {
      const DType d = access->data->meta().dtype;
      if (access->kind == IndexedKind::Gather) {
        if (!group.takesGather(*access)) close();
        group.add(n, d, access->index->meta().sizes);
        group.indexed = true;
        continue;
      }
      if (tryStore(n, access->index, d, access->index->meta().sizes)) continue;
    }
    if (fusibleReduction(*n) && group.takesReduction(*n)) {
      group.add(n);
      group.endsInReduction = true;
      close();
      continue;
    }
    const bool inplace = n->isOp() && n->op()->has(kTagInplace);
    std::optional<PointwiseKind> kind = fusibleKind(*n);
    const bool fusible = kind && (!inplace || group.absorbs(*n, roots));
    if (fusible && group.accepts(*n)) {
      group.add(n);
      continue;
    }
    if (kind && inplace && !fusible && tryStore(n, nullptr, computeDTypeOf(*n), n->output()->meta().sizes))
      continue;
    if (fusible || group.isUsedBy(*n) || (n->isOp() && isMutation(*n))) close();
    if (fusible) group.add(n);
  }
  close();
  return created;
}

}  // namespace tdsl::opt
