// Fused body -> vector program (vector_program.h).
#include "jit/vector_program.h"

#include <map>
#include <unordered_map>

#include "ops/op_table.h"
#include "jit/kernel_args.h"
#include "opt/fuse.h"

namespace tdsl::jit {

namespace {

class Builder {
 public:
  explicit Builder(VectorProgram& p) : p_(p) {}
  // The dtype of the ops op() makes: the computation dtype of the node at hand.
  DType dtype = DType::Float32;
  int op(VKind k, int a = -1, int b = -1, int c = -1, int index = -1) {
    DType d = dtype;
    if (k == VKind::CmpLt || k == VKind::CmpLe || k == VKind::CmpEq || k == VKind::CmpNe) d = DType::Bool;
    return push(VOp{k, a, b, c, index, -1, d});
  }
  int push(const VOp& o) {
    p_.ops.push_back(o);
    return static_cast<int>(p_.ops.size()) - 1;
  }
  int zero() {
    auto it = zero_.find(dtype);
    if (it != zero_.end()) return it->second;
    return zero_[dtype] = op(VKind::Zero);
  }
  int scalar(const ir::Arg& a, bool checked) {
    p_.scalars.push_back(ScalarSource{a, checked, dtype});
    return op(VKind::Scalar, -1, -1, -1, static_cast<int>(p_.scalars.size()) - 1);
  }
  // Value v as dtype d (Note [Mixed dtypes]): v itself, or one Cvt per (v, d).
  int as(int v, DType d) {
    if (p_.ops[static_cast<size_t>(v)].dtype == d) return v;
    auto key = std::make_pair(v, d);
    auto it = cvt_.find(key);
    if (it != cvt_.end()) return it->second;
    return cvt_[key] = push(VOp{VKind::Cvt, v, -1, -1, -1, -1, d});
  }

 private:
  VectorProgram& p_;
  std::map<DType, int> zero_;
  std::map<std::pair<int, DType>, int> cvt_;
};

const char* kindText(VKind k) {
  switch (k) {
    case VKind::Load: return "ld";
    case VKind::Scalar: return "k";
    case VKind::Zero: return "0";
    case VKind::Add: return "add";
    case VKind::Sub: return "sub";
    case VKind::Mul: return "mul";
    case VKind::Div: return "div";
    case VKind::Neg: return "neg";
    case VKind::Sqrt: return "sqrt";
    case VKind::Max: return "max";
    case VKind::Min: return "min";
    case VKind::CmpLt: return "lt";
    case VKind::CmpLe: return "le";
    case VKind::CmpEq: return "eq";
    case VKind::CmpNe: return "ne";
    case VKind::Select: return "sel";
    case VKind::Call1: return "call1";
    case VKind::Call2: return "call2";
    case VKind::Gather: return "gather";
    case VKind::Cvt: return "cvt";
  }
  return "?";
}

}  // namespace

std::string VectorProgram::structure() const {
  std::string s = std::string(ir::dtypeShortName(dtype)) + " o" + std::to_string(numOutputs) + " i" +
                  std::to_string(numInputs) + ":";
  for (const VOp& o : ops) {
    s += std::string(" ") + kindText(o.kind);
    for (int x : {o.a, o.b, o.c, o.index})
      if (x >= 0) s += "," + std::to_string(x);
    if (o.indexOperand >= 0) s += "@" + std::to_string(o.indexOperand);
    if (mixed) s += std::string(":") + ir::dtypeShortName(o.dtype);
  }
  if (mixed) {
    s += " mixed";
    for (DType d : operandDType) s += std::string(" ") + ir::dtypeShortName(d);
  }
  s += " ->";
  for (size_t k = 0; k < outputs.size(); ++k) {
    s += " " + std::to_string(outputs[k]) + (boolOutput[k] ? "b" : "");
    if (storedInput[k] >= 0) s += "=i" + std::to_string(storedInput[k]);
    if (scatterIndex[k] >= 0) s += "@" + std::to_string(scatterIndex[k]) + (distinctIndices[k] ? "d" : "");
  }
  for (int k = 0; k < numOperands(); ++k)
    if (indexOperand[k]) s += " x" + std::to_string(k);
  return s;
}

bool VectorProgram::hasIndexedAccess() const {
  for (bool b : indexedOperand)
    if (b) return true;
  return false;
}

std::optional<VectorProgram> buildVectorProgram(const ir::Graph& body, std::string* why) {
  VectorProgram p;
  auto inputs = body.inputs();
  auto outputs = body.outputs();
  if (outputs.empty()) {
    *why = "no outputs";
    return std::nullopt;
  }
  if (inputs.empty()) {
    *why = "no inputs";
    return std::nullopt;
  }
  p.numOutputs = static_cast<int>(outputs.size());
  p.numInputs = static_cast<int>(inputs.size());
  if (p.numOperands() > kMaxKernelOperands) {
    *why = "more than " + std::to_string(kMaxKernelOperands) + " operands";
    return std::nullopt;
  }
  // Note [Indexed access]: which inputs are indices, which are addressed
  // through them (never also read lane by lane).
  std::unordered_map<const ir::IrValue*, int> operandOf;
  for (size_t i = 0; i < inputs.size(); ++i) operandOf[inputs[i]] = p.numOutputs + static_cast<int>(i);
  p.indexOperand.assign(p.numOperands(), false);
  p.indexedOperand.assign(p.numOperands(), false);
  std::unordered_map<const ir::IrValue*, opt::IndexedAccess> accessOf;  // by the node's result
  for (const ir::Node* n : body.nodes()) {
    std::optional<opt::IndexedAccess> a = n->isOp() ? opt::fusibleIndexed(*n) : std::nullopt;
    if (!a) continue;
    if (!operandOf.count(a->data) || !operandOf.count(a->index)) {
      *why = "an indexed tensor or an index made in the body";
      return std::nullopt;
    }
    p.indexOperand[operandOf.at(a->index)] = true;
    if (a->kind == opt::IndexedKind::Gather) p.indexedOperand[operandOf.at(a->data)] = true;
    accessOf[n->output()] = *a;
  }
  // The lanes' dtype: the first pointwise op's computation dtype, else
  // (gathers and stores alone) the first input's read lane by lane (Note
  // [Mixed dtypes]).
  p.dtype = DType::Int64;
  for (const ir::Node* n : body.nodes())
    if (n->isOp() && opt::fusibleKind(*n)) {
      p.dtype = opt::computeDTypeOf(*n);
      break;
    }
  for (size_t i = 0; i < inputs.size() && p.dtype == DType::Int64; ++i)
    if (!p.indexOperand[p.numOutputs + i]) p.dtype = inputs[i]->meta().dtype;
  if (p.dtype == DType::Int64) p.dtype = DType::Float32;
  p.operandDType.assign(p.numOperands(), DType::Float32);
  for (size_t k = 0; k < outputs.size(); ++k) p.operandDType[k] = outputs[k]->meta().dtype;
  Builder b(p);
  std::unordered_map<const ir::IrValue*, int> value;
  for (size_t i = 0; i < inputs.size(); ++i) {
    const int k = p.numOutputs + static_cast<int>(i);
    const DType d = inputs[i]->meta().dtype;
    p.operandDType[k] = d;
    if (p.indexOperand[k] && d != DType::Int64) {
      *why = "indices not int64";
      return std::nullopt;
    }
    if (!p.indexOperand[k] && !p.indexedOperand[k]) value[inputs[i]] = b.push(VOp{VKind::Load, -1, -1, -1, k, -1, d});
  }
  // Per body result written in place: (input number, index operand or -1).
  std::unordered_map<const ir::IrValue*, std::pair<int, int>> stores;
  for (const ir::Node* n : body.nodes()) {
    if (!n->isOp()) continue;
    auto access = accessOf.find(n->output());
    if (access != accessOf.end()) {
      const opt::IndexedAccess& a = access->second;
      if (a.kind == opt::IndexedKind::Gather) {
        VOp g{VKind::Gather, -1, -1, -1, operandOf.at(a.data), operandOf.at(a.index), a.data->meta().dtype};
        value[n->output()] = b.push(g);
      } else {
        auto stored = value.find(a.values);
        if (stored == value.end()) {
          *why = "stored values not computed lane by lane";
          return std::nullopt;
        }
        value[n->output()] = stored->second;
        stores[n->output()] = {operandOf.at(a.data) - p.numOutputs, operandOf.at(a.index)};
      }
      continue;
    }
    if (n->op()->has(kTagInplace) && operandOf.count(n->tensorArg(0))) {
      // An in-place op on an input: a store (Note [Fused stores]).
      if (p.indexedOperand[operandOf.at(n->tensorArg(0))]) {
        *why = "a store into a gathered tensor";
        return std::nullopt;
      }
      stores[n->output()] = {operandOf.at(n->tensorArg(0)) - p.numOutputs, -1};
    }
    std::optional<opt::PointwiseKind> kind = opt::fusibleKind(*n);
    if (!kind) {
      *why = "op " + (n->op() ? n->op()->fullName() : std::string("?")) + " is not lowered";
      return std::nullopt;
    }
    b.dtype = opt::computeDTypeOf(*n);
    bool unread = false;  // an index or indexed input read lane by lane
    // A tensor operand as the computation dtype (eager's static_cast of
    // every operand: Note [Mixed dtypes]).
    auto lane = [&](const ir::IrValue* v) {
      auto it = value.find(v);
      unread = unread || it == value.end();
      return it == value.end() ? b.zero() : b.as(it->second, b.dtype);
    };
    auto operand = [&](size_t i) {
      const ir::Arg& a = n->arg(i);
      return a.isTensor() ? lane(a.tensor) : b.scalar(a, false);
    };
    int r = -1;
    switch (*kind) {
      case opt::PointwiseKind::Add: r = b.op(VKind::Add, operand(0), operand(1)); break;
      case opt::PointwiseKind::Sub: r = b.op(VKind::Sub, operand(0), operand(1)); break;
      case opt::PointwiseKind::Mul: r = b.op(VKind::Mul, operand(0), operand(1)); break;
      case opt::PointwiseKind::Div: r = b.op(VKind::Div, operand(0), operand(1)); break;
      case opt::PointwiseKind::Maximum: r = b.op(VKind::Max, operand(0), operand(1)); break;
      case opt::PointwiseKind::Minimum: r = b.op(VKind::Min, operand(0), operand(1)); break;
      case opt::PointwiseKind::Neg: r = b.op(VKind::Neg, operand(0)); break;
      case opt::PointwiseKind::Abs: {
        int x = operand(0);
        r = b.op(VKind::Select, b.op(VKind::CmpLt, x, b.zero()), b.op(VKind::Neg, x), x);
        break;
      }
      case opt::PointwiseKind::Relu: {
        int x = operand(0);
        int z = b.zero();
        r = b.op(VKind::Select, b.op(VKind::CmpLt, z, x), x, z);
        break;
      }
      case opt::PointwiseKind::Clamp: {
        r = operand(0);
        if (!n->arg(1).isNone()) {
          int lo = b.scalar(n->arg(1), true);
          r = b.op(VKind::Select, b.op(VKind::CmpLt, r, lo), lo, r);
        }
        if (!n->arg(2).isNone()) {
          int hi = b.scalar(n->arg(2), true);
          r = b.op(VKind::Select, b.op(VKind::CmpLt, hi, r), hi, r);
        }
        break;
      }
      case opt::PointwiseKind::Eq: r = b.op(VKind::CmpEq, operand(0), operand(1)); break;
      case opt::PointwiseKind::Ne: r = b.op(VKind::CmpNe, operand(0), operand(1)); break;
      case opt::PointwiseKind::Lt: r = b.op(VKind::CmpLt, operand(0), operand(1)); break;
      case opt::PointwiseKind::Le: r = b.op(VKind::CmpLe, operand(0), operand(1)); break;
      case opt::PointwiseKind::Gt: {
        int x = operand(0);
        r = b.op(VKind::CmpLt, operand(1), x);
        break;
      }
      case opt::PointwiseKind::Ge: {
        int x = operand(0);
        r = b.op(VKind::CmpLe, operand(1), x);
        break;
      }
      case opt::PointwiseKind::Pow: {
        if (!opt::powForm(*n)) {
          // pow.Tensor_Scalar converts its exponent checked, as eager does,
          // except pow_ of one element (kernels/pointwise.cpp's shortcut).
          const auto numel = n->output()->meta().numel();
          const bool oneElementInplace = n->op()->has(kTagInplace) && numel.isConstant() && numel.constant() <= 1;
          const bool checked = !n->arg(1).isTensor() && n->arg(0).isTensor() && !oneElementInplace;
          int x = operand(0);
          int e = n->arg(1).isTensor() ? lane(n->arg(1).tensor) : b.scalar(n->arg(1), checked);
          r = b.op(VKind::Call2, x, e, -1, static_cast<int>(MathFn::Pow));
          break;
        }
        int x = operand(0);
        switch (*opt::powForm(*n)) {
          case opt::PowForm::Square: r = b.op(VKind::Mul, x, x); break;
          case opt::PowForm::Cube: r = b.op(VKind::Mul, b.op(VKind::Mul, x, x), x); break;
          case opt::PowForm::Sqrt: r = b.op(VKind::Sqrt, x); break;
          case opt::PowForm::Reciprocal: r = b.op(VKind::Div, b.scalar(ir::Arg::ofFloat(1.0), false), x); break;
        }
        break;
      }
      case opt::PointwiseKind::Sqrt: r = b.op(VKind::Sqrt, operand(0)); break;
      case opt::PointwiseKind::Sigmoid: {
        int one = b.scalar(ir::Arg::ofFloat(1.0), false);
        int e = b.op(VKind::Call1, b.op(VKind::Neg, operand(0)), -1, -1, static_cast<int>(MathFn::Exp));
        r = b.op(VKind::Div, one, b.op(VKind::Add, one, e));
        break;
      }
      case opt::PointwiseKind::Math: {
        const MathFn f = *opt::mathFnOf(*n);
        if (mathFnArity(f) == 2) r = b.op(VKind::Call2, operand(0), operand(1), -1, static_cast<int>(f));
        else r = b.op(VKind::Call1, operand(0), -1, -1, static_cast<int>(f));
        break;
      }
      case opt::PointwiseKind::Where: {
        auto cond = value.find(n->tensorArg(0));
        unread = unread || cond == value.end();
        r = b.op(VKind::Select, cond == value.end() ? b.zero() : b.as(cond->second, DType::Bool), operand(1), operand(2));
        break;
      }
      case opt::PointwiseKind::Cast: {
        auto from = value.find(n->tensorArg(0));
        unread = unread || from == value.end();
        r = from == value.end() ? b.zero() : b.as(from->second, n->output()->meta().dtype);
        break;
      }
    }
    if (unread) {
      *why = "an index or indexed tensor read lane by lane";
      return std::nullopt;
    }
    value[n->output()] = r;
  }
  if (p.scalars.size() > static_cast<size_t>(kMaxKernelScalars)) {
    *why = "more than " + std::to_string(kMaxKernelScalars) + " constants";
    return std::nullopt;
  }
  for (const ir::IrValue* v : outputs) {
    auto it = value.find(v);
    if (it == value.end()) {
      *why = "an output is not computed in the body";
      return std::nullopt;
    }
    const DType d = v->meta().dtype;
    p.outputs.push_back(b.as(it->second, d));
    p.boolOutput.push_back(d == DType::Bool);
    auto store = stores.find(v);
    const int input = store == stores.end() ? -1 : store->second.first;
    const int index = store == stores.end() ? -1 : store->second.second;
    p.storedInput.push_back(input);
    p.scatterIndex.push_back(index);
    const int k = static_cast<int>(p.outputs.size()) - 1;
    if (index >= 0) p.indexedOperand[k] = true;
    p.distinctIndices.push_back(index >= 0 && p.indexedOperand[p.numOutputs + input]);
  }
  // Note [Mixed dtypes]: anything but float values of p.dtype and its masks.
  for (const VOp& o : p.ops)
    if (o.kind == VKind::Cvt || (o.dtype != p.dtype && o.dtype != DType::Bool) || (o.kind == VKind::Load && o.dtype == DType::Bool))
      p.mixed = true;
  if (p.mixed && p.hasIndexedAccess()) {
    *why = "mixed dtypes with indexed access";
    return std::nullopt;
  }
  return p;
}

}  // namespace tdsl::jit
