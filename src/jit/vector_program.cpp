// Fused body -> vector program (vector_program.h).
#include "jit/vector_program.h"

#include <unordered_map>

#include "ops/op_table.h"
#include "jit/kernel_args.h"
#include "opt/fuse.h"

namespace tdsl::jit {

namespace {

class Builder {
 public:
  explicit Builder(VectorProgram& p) : p_(p) {}
  int op(VKind k, int a = -1, int b = -1, int c = -1, int index = -1) {
    p_.ops.push_back(VOp{k, a, b, c, index});
    return static_cast<int>(p_.ops.size()) - 1;
  }
  int zero() {
    if (zero_ < 0) zero_ = op(VKind::Zero);
    return zero_;
  }
  int scalar(const ir::Arg& a, bool checked) {
    p_.scalars.push_back(ScalarSource{a, checked});
    return op(VKind::Scalar, -1, -1, -1, static_cast<int>(p_.scalars.size()) - 1);
  }

 private:
  VectorProgram& p_;
  int zero_ = -1;
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
  }
  s += " ->";
  for (size_t k = 0; k < outputs.size(); ++k) s += " " + std::to_string(outputs[k]) + (boolOutput[k] ? "b" : "");
  return s;
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
  p.dtype = inputs[0]->meta().dtype;
  p.numOutputs = static_cast<int>(outputs.size());
  p.numInputs = static_cast<int>(inputs.size());
  if (p.numOperands() > kMaxKernelOperands) {
    *why = "more than " + std::to_string(kMaxKernelOperands) + " operands";
    return std::nullopt;
  }
  Builder b(p);
  std::unordered_map<const ir::IrValue*, int> value;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (inputs[i]->meta().dtype != p.dtype) {
      *why = "mixed dtypes";
      return std::nullopt;
    }
    value[inputs[i]] = b.op(VKind::Load, -1, -1, -1, p.numOutputs + static_cast<int>(i));
  }
  for (const ir::Node* n : body.nodes()) {
    if (!n->isOp()) continue;
    std::optional<opt::PointwiseKind> kind = opt::fusibleKind(*n);
    if (!kind || opt::computeDTypeOf(*n) != p.dtype) {
      *why = "op " + (n->op() ? n->op()->fullName() : std::string("?")) + " is not lowered";
      return std::nullopt;
    }
    auto operand = [&](size_t i) {
      const ir::Arg& a = n->arg(i);
      return a.isTensor() ? value.at(a.tensor) : b.scalar(a, false);
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
          int e = n->arg(1).isTensor() ? value.at(n->arg(1).tensor) : b.scalar(n->arg(1), checked);
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
        const ir::IrValue* cond = n->tensorArg(0);
        if (cond->node()->isInput()) {
          *why = "where reads a bool tensor";
          return std::nullopt;
        }
        r = b.op(VKind::Select, value.at(cond), operand(1), operand(2));
        break;
      }
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
    p.outputs.push_back(it->second);
    const DType d = v->meta().dtype;
    if (d != p.dtype && d != DType::Bool) {
      *why = "an output of another dtype";
      return std::nullopt;
    }
    p.boolOutput.push_back(d == DType::Bool);
  }
  return p;
}

}  // namespace tdsl::jit
