// The derivative rows (Note [Derivative rows] in derivatives.h). Formulas
// follow derivatives.yaml's math; broadcasting inputs get sumToSize.
#include "autograd/derivatives.h"

#include "autograd/formula_helpers.h"

#include <cmath>
#include <unordered_map>

#include "support/diagnostics.h"

namespace tdsl::autograd {

namespace {

using V = Value;

V num(double x) { return Value::number(x); }
bool isZeroNumber(const Value& v) { return v.isFloat() ? v.asFloat() == 0.0 : v.isInt() ? v.asInt() == 0 : !v.asBool(); }
double asDouble(const Value& v) { return v.isFloat() ? v.asFloat() : v.isInt() ? static_cast<double>(v.asInt()) : v.asBool(); }
bool isOne(const Value& v) { return asDouble(v) == 1.0; }

// g scaled by a Python number (skipped for 1).
V scaled(GradCtx& c, const V& g, const Value& alpha) { return isOne(alpha) ? g : op(c.s, "mul.Scalar", {g, alpha}); }
V reduceTo(GradCtx& c, const V& g, int slot) { return sumToSize(c.s, g, c.meta(slot).sizes); }
V castLike(GradCtx& c, const V& g, int slot) { return toDtype(c.s, g, c.meta(slot).dtype); }
V floatOf(GradCtx& c, const V& mask, const V& like) { return toDtype(c.s, mask, asTensor(like)->dtype()); }

int64_t wrap(int64_t d, int64_t rank) { return d < 0 ? d + (rank == 0 ? 1 : rank) : d; }

}  // namespace

// The dims a reduction's `dim` argument names (None: all), wrapped.
Dims reducedDims(GradCtx& c, int slot, int64_t rank) {
  Dims dims;
  if (c.args.isNone(slot)) {
    for (int64_t d = 0; d < rank; ++d) dims.push_back(d);
  } else if (c.args.kind(slot) == ArgKind::Dims) {
    for (int64_t d : c.args.dimsAt(slot)) dims.push_back(wrap(d, rank));
  } else {
    dims.push_back(wrap(c.arg(slot).asInt(), rank));
  }
  return dims;
}

// A reduced gradient back to the input's sizes (keepdim restored, then expanded).
V expandReduced(GradCtx& c, const V& g, int selfSlot, const Dims& dims, bool keepdim) {
  const TensorMeta& m = c.meta(selfSlot);
  V r = g;
  if (!keepdim && m.sizes.size() > 0) {
    Dims kept;
    for (int64_t d = 0; d < static_cast<int64_t>(m.sizes.size()); ++d) {
      bool reduced = false;
      for (int64_t x : dims) reduced |= x == d;
      kept.push_back(reduced ? 1 : m.sizes[static_cast<size_t>(d)]);
    }
    r = op(c.s, "reshape", {r, kept});
  }
  return op(c.s, "expand", {r, m.sizes});
}

V viewGeometryBackward(GradCtx& c, const V& g, const TensorMeta& self, const TensorMeta& view) {
  return scatterIntoBase(c.s, g, self, view);
}

V sign(GradCtx& c, const V& x) {
  V pos = floatOf(c, op(c.s, "gt.Scalar", {x, num(0)}), x);
  V negative = floatOf(c, op(c.s, "lt.Scalar", {x, num(0)}), x);
  return op(c.s, "sub.Tensor", {pos, negative});
}

// max()/min() of all elements: the gradient is shared by the elements equal to the result.
void evenlyDistribute(GradCtx& c) {
  V mask = floatOf(c, op(c.s, "eq.Tensor", {c.arg(0), c.result()}), c.g());
  V count = op(c.s, "sum", {mask});
  c.set(0, div(c.s, mul(c.s, c.g(), mask), count));
}

// max.dim/min.dim: the gradient goes to the selected index along dim.
void valueSelecting(GradCtx& c) {
  const TensorMeta& m = c.meta(0);
  const int64_t dim = wrap(c.arg(1).asInt(), static_cast<int64_t>(m.sizes.size()));
  V g = c.g(), idx = c.result(1);
  if (!c.arg(2).asBool() && !m.sizes.empty()) {
    g = op(c.s, "unsqueeze", {g, Value::integer(dim)});
    idx = op(c.s, "unsqueeze", {idx, Value::integer(dim)});
  }
  if (m.sizes.empty()) { c.set(0, g); return; }
  c.set(0, op(c.s, "scatter.src", {zerosOf(c.s, m), Value::integer(dim), idx, g}));
}

namespace {

// maximum/minimum: ties split the gradient in half.
void pairSelecting(GradCtx& c, const char* selfLoses) {
  V half = op(c.s, "where.self", {op(c.s, "eq.Tensor", {c.arg(0), c.arg(1)}), op(c.s, "div.Scalar", {c.g(), num(2)}), c.g()});
  if (c.needs(0)) {
    V loses = op(c.s, std::string(selfLoses) + ".Tensor", {c.arg(0), c.arg(1)});
    c.set(0, reduceTo(c, op(c.s, "masked_fill.Scalar", {half, loses, num(0)}), 0));
  }
  if (c.needs(1)) {
    V loses = op(c.s, std::string(selfLoses) + ".Tensor", {c.arg(1), c.arg(0)});
    c.set(1, reduceTo(c, op(c.s, "masked_fill.Scalar", {half, loses, num(0)}), 1));
  }
}

// matmul = the matrix product of the operands with 1-D ones made matrices
// (a row for the first, a column for the second) and batch dims broadcast.
void matmulBackward(GradCtx& c) {
  const TensorMeta& a = c.meta(0);
  const TensorMeta& b = c.meta(1);
  V a2 = a.sizes.size() == 1 ? op(c.s, "unsqueeze", {c.arg(0), Value::integer(0)}) : c.arg(0);
  V b2 = b.sizes.size() == 1 ? op(c.s, "unsqueeze", {c.arg(1), Value::integer(1)}) : c.arg(1);
  const TensorMeta& am = asTensor(a2)->meta;
  const TensorMeta& bm = asTensor(b2)->meta;
  // The 2-D-promoted result's sizes: broadcast batch dims, then rows x cols.
  Dims out;
  const size_t ab = am.sizes.size() - 2, bb = bm.sizes.size() - 2, nb = std::max(ab, bb);
  for (size_t i = 0; i < nb; ++i) {
    int64_t x = i + ab >= nb ? am.sizes[i + ab - nb] : 1;
    int64_t y = i + bb >= nb ? bm.sizes[i + bb - nb] : 1;
    out.push_back(x == 1 ? y : x);
  }
  out.push_back(am.sizes[ab]);
  out.push_back(bm.sizes[bb + 1]);
  V g = op(c.s, "reshape", {c.g(), out});
  if (c.needs(0)) {
    V bt = op(c.s, "transpose.int", {b2, Value::integer(-1), Value::integer(-2)});
    V ga = sumToSize(c.s, op(c.s, "matmul", {g, bt}), am.sizes);
    c.set(0, op(c.s, "reshape", {ga, a.sizes}));
  }
  if (c.needs(1)) {
    V at = op(c.s, "transpose.int", {a2, Value::integer(-1), Value::integer(-2)});
    V gb = sumToSize(c.s, op(c.s, "matmul", {at, g}), bm.sizes);
    c.set(1, op(c.s, "reshape", {gb, b.sizes}));
  }
}

std::string matmulName(const BoundArgs& a, const OpResults&) {
  const int x = asTensor(a[0])->dim(), y = asTensor(a[1])->dim();
  if (x == 1 && y == 1) return "DotBackward0";
  if (x == 2 && y == 1) return "MvBackward0";
  if (x == 2 && y == 2) return "MmBackward0";
  if (x == 1 && y == 2) return "SqueezeBackward3";
  if (x <= 2) return "CloneBackward0";
  return "UnsafeViewBackward0";
}
bool aliases(const BoundArgs& a, const OpResults& r) {
  const TensorObject& in = *asTensor(a[0]);
  const TensorObject& out = *asTensor(r[0]);
  return in.storage && in.storage == out.storage;
}
std::string reshapeName(const BoundArgs& a, const OpResults& r) {
  return aliases(a, r) ? "ReshapeAliasBackward0" : "UnsafeViewBackward0";
}
std::string contiguousName(const BoundArgs& a, const OpResults& r) {
  return aliases(a, r) ? "AliasBackward0" : "CloneBackward0";
}

void backToSelfSizes(GradCtx& c) { c.set(0, op(c.s, "reshape", {c.g(), c.meta(0).sizes})); }

// add/sub/mul/div.Scalar are not Python signatures (kTagNoPythonSignature):
// PyTorch's `x * 2` wraps the number and runs mul.Tensor, so these rows take
// the Tensor overload's node name.
const std::vector<DerivativeRow> kRows = {
    // Pointwise arithmetic.
    {"add.Tensor", "AddBackward0", "", [](GradCtx& c) {
       c.set(0, reduceTo(c, c.g(), 0));
       c.set(1, reduceTo(c, scaled(c, c.g(), c.arg(2)), 1));
     }},
    {"add.Scalar", "AddBackward0", "", [](GradCtx& c) { c.set(0, c.g()); }},
    {"sub.Tensor", "SubBackward0", "", [](GradCtx& c) {
       c.set(0, reduceTo(c, c.g(), 0));
       if (c.needs(1)) c.set(1, reduceTo(c, neg(c.s, scaled(c, c.g(), c.arg(2))), 1));
     }},
    {"sub.Scalar", "SubBackward0", "", [](GradCtx& c) { c.set(0, c.g()); }},
    {"rsub.Tensor", "RsubBackward0", "", [](GradCtx& c) {
       if (c.needs(0)) c.set(0, reduceTo(c, neg(c.s, scaled(c, c.g(), c.arg(2))), 0));
       c.set(1, reduceTo(c, c.g(), 1));
     }},
    {"rsub.Scalar", "RsubBackward1", "", [](GradCtx& c) { c.set(0, neg(c.s, scaled(c, c.g(), c.arg(2)))); }},
    {"mul.Tensor", "MulBackward0", "self, other", [](GradCtx& c) {
       if (c.needs(0)) c.set(0, reduceTo(c, castLike(c, mul(c.s, c.g(), c.arg(1)), 0), 0));
       if (c.needs(1)) c.set(1, reduceTo(c, castLike(c, mul(c.s, c.g(), c.arg(0)), 1), 1));
     }},
    {"mul.Scalar", "MulBackward0", "", [](GradCtx& c) { c.set(0, op(c.s, "mul.Scalar", {c.g(), c.arg(1)})); }},
    {"div.Tensor", "DivBackward0", "self, other", [](GradCtx& c) {
       if (c.needs(0)) c.set(0, reduceTo(c, div(c.s, c.g(), c.arg(1)), 0));
       if (c.needs(1)) {
         V q = div(c.s, div(c.s, c.arg(0), c.arg(1)), c.arg(1));
         c.set(1, reduceTo(c, castLike(c, neg(c.s, mul(c.s, c.g(), q)), 1), 1));
       }
     }},
    {"div.Scalar", "DivBackward0", "", [](GradCtx& c) { c.set(0, op(c.s, "div.Scalar", {c.g(), c.arg(1)})); }},
    {"remainder.Scalar", "RemainderBackward0", "", [](GradCtx& c) { c.set(0, c.g()); }},
    {"remainder.Tensor", "RemainderBackward1", "self, other", [](GradCtx& c) {
       c.set(0, reduceTo(c, c.g(), 0));
       if (c.needs(1)) {
         V q = op(c.s, "floor_divide.Tensor", {c.arg(0), c.arg(1)});
         c.set(1, reduceTo(c, neg(c.s, mul(c.s, c.g(), q)), 1));
       }
     }},
    {"pow.Tensor_Scalar", "PowBackward0", "self", [](GradCtx& c) {
       const Value& e = c.arg(1);
       if (isZeroNumber(e)) { c.set(0, op(c.s, "mul.Scalar", {c.g(), num(0)})); return; }
       Value em1 = e.isFloat() ? num(e.asFloat() - 1) : Value::integer((e.isInt() ? e.asInt() : e.asBool()) - 1);
       V p = op(c.s, "mul.Scalar", {op(c.s, "pow.Tensor_Scalar", {c.arg(0), em1}), e});
       c.set(0, mul(c.s, c.g(), p));
     }},
    {"pow.Tensor_Tensor", "PowBackward1", "self, exponent, result", [](GradCtx& c) {
       if (c.needs(0)) {
         V em1 = op(c.s, "sub.Scalar", {c.arg(1), num(1)});
         V p = mul(c.s, c.arg(1), op(c.s, "pow.Tensor_Tensor", {c.arg(0), em1}));
         c.set(0, reduceTo(c, castLike(c, mul(c.s, c.g(), p), 0), 0));
       }
       if (c.needs(1)) {
         V lg = mul(c.s, c.result(), op(c.s, "log", {c.arg(0)}));
         V zero = op(c.s, "logical_and", {op(c.s, "eq.Scalar", {c.arg(0), num(0)}), op(c.s, "ge.Scalar", {c.arg(1), num(0)})});
         lg = op(c.s, "masked_fill.Scalar", {lg, zero, num(0)});
         c.set(1, reduceTo(c, castLike(c, mul(c.s, c.g(), lg), 1), 1));
       }
     }},
    {"pow.Scalar", "PowBackward2", "result", [](GradCtx& c) {
       c.set(1, op(c.s, "mul.Scalar", {mul(c.s, c.g(), c.result()), num(std::log(asDouble(c.arg(0))))}));
     }},
    {"maximum", "MaximumBackward0", "self, other", [](GradCtx& c) { pairSelecting(c, "lt"); }},
    {"minimum", "MinimumBackward0", "self, other", [](GradCtx& c) { pairSelecting(c, "gt"); }},
    {"max.other", "MaximumBackward0", "self, other", [](GradCtx& c) { pairSelecting(c, "lt"); }},
    {"min.other", "MinimumBackward0", "self, other", [](GradCtx& c) { pairSelecting(c, "gt"); }},

    // Unary.
    {"neg", "NegBackward0", "", [](GradCtx& c) { c.set(0, neg(c.s, c.g())); }},
    {"abs", "AbsBackward0", "self", [](GradCtx& c) { c.set(0, mul(c.s, c.g(), sign(c, c.arg(0)))); }},
    {"exp", "ExpBackward0", "result", [](GradCtx& c) { c.set(0, mul(c.s, c.g(), c.result())); }},
    {"log", "LogBackward0", "self", [](GradCtx& c) { c.set(0, div(c.s, c.g(), c.arg(0))); }},
    {"sin", "SinBackward0", "self", [](GradCtx& c) { c.set(0, mul(c.s, c.g(), op(c.s, "cos", {c.arg(0)}))); }},
    {"cos", "CosBackward0", "self", [](GradCtx& c) { c.set(0, mul(c.s, c.g(), neg(c.s, op(c.s, "sin", {c.arg(0)})))); }},
    {"tanh", "TanhBackward0", "result", [](GradCtx& c) {
       V d = op(c.s, "rsub.Scalar", {mul(c.s, c.result(), c.result()), num(1)});
       c.set(0, mul(c.s, c.g(), d));
     }},
    {"sqrt", "SqrtBackward0", "result", [](GradCtx& c) {
       c.set(0, div(c.s, c.g(), op(c.s, "mul.Scalar", {c.result(), num(2)})));
     }},
    {"sigmoid", "SigmoidBackward0", "result", [](GradCtx& c) {
       V d = mul(c.s, c.result(), op(c.s, "rsub.Scalar", {c.result(), num(1)}));
       c.set(0, mul(c.s, c.g(), d));
     }},
    {"reciprocal", "ReciprocalBackward0", "result", [](GradCtx& c) {
       c.set(0, mul(c.s, c.g(), neg(c.s, mul(c.s, c.result(), c.result()))));
     }},
    {"relu", "ReluBackward0", "result", [](GradCtx& c) {
       c.set(0, op(c.s, "where.ScalarOther", {op(c.s, "gt.Scalar", {c.result(), num(0)}), c.g(), num(0)}));
     }},
    {"floor", "FloorBackward0", "", [](GradCtx& c) { c.set(0, op(c.s, "mul.Scalar", {c.g(), num(0)})); }},
    {"ceil", "CeilBackward0", "", [](GradCtx& c) { c.set(0, op(c.s, "mul.Scalar", {c.g(), num(0)})); }},
    {"round", "RoundBackward0", "", [](GradCtx& c) { c.set(0, op(c.s, "mul.Scalar", {c.g(), num(0)})); }},
    {"clamp", "ClampBackward1", "self", [](GradCtx& c) {
       V inside;
       if (!c.args.isNone(1)) inside = op(c.s, "ge.Scalar", {c.arg(0), c.arg(1)});
       if (!c.args.isNone(2)) {
         V le = op(c.s, "le.Scalar", {c.arg(0), c.arg(2)});
         inside = inside.isNone() ? le : op(c.s, "logical_and", {inside, le});
       }
       c.set(0, inside.isNone() ? c.g() : op(c.s, "where.ScalarOther", {inside, c.g(), num(0)}));
     }},

    // Selection and filling.
    {"where.self", "WhereBackward0", "condition", [](GradCtx& c) {
       if (c.needs(1)) c.set(1, reduceTo(c, op(c.s, "where.ScalarOther", {c.arg(0), c.g(), num(0)}), 1));
       if (c.needs(2)) c.set(2, reduceTo(c, op(c.s, "where.ScalarSelf", {c.arg(0), num(0), c.g()}), 2));
     }},
    {"where.ScalarOther", "WhereBackward0", "condition", [](GradCtx& c) {
       c.set(1, reduceTo(c, op(c.s, "where.ScalarOther", {c.arg(0), c.g(), num(0)}), 1));
     }},
    {"where.ScalarSelf", "WhereBackward0", "condition", [](GradCtx& c) {
       c.set(2, reduceTo(c, op(c.s, "where.ScalarSelf", {c.arg(0), num(0), c.g()}), 2));
     }},
    {"fill.Scalar", "FillBackward0", "", [](GradCtx& c) { c.set(0, op(c.s, "mul.Scalar", {c.g(), num(0)})); }},
    {"fill_.Scalar", "FillBackward2", "", [](GradCtx& c) { c.set(0, op(c.s, "mul.Scalar", {c.g(), num(0)})); }},
    {"zero", "ZeroBackward0", "", [](GradCtx& c) { c.set(0, op(c.s, "mul.Scalar", {c.g(), num(0)})); }},
    {"copy", "torch::autograd::CopyBackwards", "", [](GradCtx& c) {
       c.set(0, op(c.s, "mul.Scalar", {c.g(), num(0)}));
       if (c.needs(1)) c.set(1, reduceTo(c, castLike(c, c.g(), 1), 1));
     }},
    {"masked_fill.Scalar", "MaskedFillBackward0", "mask", [](GradCtx& c) {
       c.set(0, reduceTo(c, op(c.s, "masked_fill.Scalar", {c.g(), c.arg(1), num(0)}), 0));
     }},
    {"masked_fill.Tensor", "MaskedFillBackward1", "mask", [](GradCtx& c) {
       c.set(0, reduceTo(c, op(c.s, "masked_fill.Scalar", {c.g(), c.arg(1), num(0)}), 0));
       if (c.needs(2)) c.set(2, op(c.s, "sum", {op(c.s, "where.ScalarOther", {c.arg(1), c.g(), num(0)})}));
     }},

    // Reductions.
    {"sum", "SumBackward0", "", [](GradCtx& c) { c.set(0, castLike(c, op(c.s, "expand", {c.g(), c.meta(0).sizes}), 0)); }},
    {"sum.dim_IntList", "SumBackward1", "", [](GradCtx& c) {
       Dims dims = reducedDims(c, 1, static_cast<int64_t>(c.meta(0).sizes.size()));
       c.set(0, castLike(c, expandReduced(c, c.g(), 0, dims, c.arg(2).asBool()), 0));
     }},
    {"mean", "MeanBackward0", "", [](GradCtx& c) {
       V e = op(c.s, "expand", {c.g(), c.meta(0).sizes});
       c.set(0, op(c.s, "div.Scalar", {e, Value::integer(c.meta(0).numel())}));
     }},
    {"mean.dim", "MeanBackward1", "", [](GradCtx& c) {
       const TensorMeta& m = c.meta(0);
       Dims dims = reducedDims(c, 1, static_cast<int64_t>(m.sizes.size()));
       int64_t n = 1;
       for (int64_t d : dims) n *= m.sizes.empty() ? 1 : m.sizes[static_cast<size_t>(d)];
       c.set(0, op(c.s, "div.Scalar", {expandReduced(c, c.g(), 0, dims, c.arg(2).asBool()), Value::integer(n)}));
     }},
    {"max", "MaxBackward1", "self, result", evenlyDistribute},
    {"min", "MinBackward1", "self, result", evenlyDistribute},
    {"max.dim", "MaxBackward0", "result", valueSelecting},
    {"min.dim", "MinBackward0", "result", valueSelecting},

    // Linear algebra.
    {"mm", "MmBackward0", "self, mat2", [](GradCtx& c) {
       if (c.needs(0)) c.set(0, op(c.s, "mm", {c.g(), op(c.s, "t", {c.arg(1)})}));
       if (c.needs(1)) c.set(1, op(c.s, "mm", {op(c.s, "t", {c.arg(0)}), c.g()}));
     }},
    {"matmul", "MmBackward0", "self, other", matmulBackward, matmulName},
    {"dot", "DotBackward0", "self, tensor", [](GradCtx& c) {
       if (c.needs(0)) c.set(0, mul(c.s, c.g(), c.arg(1)));
       if (c.needs(1)) c.set(1, mul(c.s, c.g(), c.arg(0)));
     }},
    // addmm/addmv (ops/rows/corpus_ops.cpp): beta * self + alpha * product.
    {"addmm", "AddmmBackward0", "mat1, mat2", [](GradCtx& c) {
       if (c.needs(0)) c.set(0, reduceTo(c, scaled(c, c.g(), c.arg(3)), 0));
       if (c.needs(1)) c.set(1, scaled(c, op(c.s, "mm", {c.g(), op(c.s, "t", {c.arg(2)})}), c.arg(4)));
       if (c.needs(2)) c.set(2, scaled(c, op(c.s, "mm", {op(c.s, "t", {c.arg(1)}), c.g()}), c.arg(4)));
     }},
    {"addmv", "AddmvBackward0", "mat, vec", [](GradCtx& c) {
       if (c.needs(0)) c.set(0, reduceTo(c, scaled(c, c.g(), c.arg(3)), 0));
       if (c.needs(1)) c.set(1, scaled(c, op(c.s, "outer", {c.g(), c.arg(2)}), c.arg(4)));
       if (c.needs(2)) c.set(2, scaled(c, op(c.s, "mv", {op(c.s, "t", {c.arg(1)}), c.g()}), c.arg(4)));
     }},

    // Views.
    {"view", "ViewBackward0", "", backToSelfSizes},
    {"reshape", "ReshapeAliasBackward0", "", backToSelfSizes, reshapeName},
    {"flatten.using_ints", "ReshapeAliasBackward0", "", backToSelfSizes, reshapeName},
    {"contiguous", "CloneBackward0", "", [](GradCtx& c) { c.set(0, c.g()); }, contiguousName},
    {"to.dtype", "ToCopyBackward0", "", [](GradCtx& c) { c.set(0, castLike(c, c.g(), 0)); }},
    {"alias", "AliasBackward0", "", [](GradCtx& c) { c.set(0, c.g()); }},
    {"t", "TBackward0", "", [](GradCtx& c) { c.set(0, op(c.s, "t", {c.g()})); }},
    {"transpose.int", "TransposeBackward0", "", [](GradCtx& c) {
       c.set(0, op(c.s, "transpose.int", {c.g(), c.arg(1), c.arg(2)}));
     }},
    {"permute", "PermuteBackward0", "", [](GradCtx& c) {
       const Dims& dims = c.args.dimsAt(1);
       const auto n = static_cast<int64_t>(dims.size());
       Dims inverse;
       for (int64_t i = 0; i < n; ++i) inverse.push_back(0);
       for (int64_t i = 0; i < n; ++i) inverse[static_cast<size_t>(wrap(dims[static_cast<size_t>(i)], n))] = i;
       c.set(0, op(c.s, "permute", {c.g(), inverse}));
     }},
    {"squeeze", "SqueezeBackward0", "", backToSelfSizes},
    {"squeeze.dim", "SqueezeBackward1", "", backToSelfSizes},
    {"unsqueeze", "UnsqueezeBackward0", "", backToSelfSizes},
    {"expand", "ExpandBackward0", "", [](GradCtx& c) { c.set(0, reduceTo(c, c.g(), 0)); }},
    {"expand_as", "ExpandBackward0", "", [](GradCtx& c) { c.set(0, reduceTo(c, c.g(), 0)); }},
    {"slice.Tensor", "SliceBackward0", "", [](GradCtx& c) {
       c.set(0, op(c.s, "slice_scatter", {zerosOf(c.s, c.meta(0)), c.g(), c.arg(1), c.arg(2), c.arg(3), c.arg(4)}));
     }},
    {"narrow", "SliceBackward0", "", [](GradCtx& c) {
       const int64_t start = c.arg(2).asInt();
       const TensorMeta& m = c.meta(0);
       const int64_t dim = wrap(c.arg(1).asInt(), static_cast<int64_t>(m.sizes.size()));
       const int64_t s0 = start < 0 ? start + m.sizes[static_cast<size_t>(dim)] : start;
       c.set(0, op(c.s, "slice_scatter", {zerosOf(c.s, m), c.g(), Value::integer(dim), Value::integer(s0),
                                         Value::integer(s0 + c.arg(3).asInt()), Value::integer(1)}));
     }},
    {"select.int", "SelectBackward0", "", [](GradCtx& c) {
       c.set(0, op(c.s, "select_scatter", {zerosOf(c.s, c.meta(0)), c.g(), c.arg(1), c.arg(2)}));
     }},
    {"diagonal", "DiagonalBackward0", "result", [](GradCtx& c) {
       c.set(0, viewGeometryBackward(c, c.g(), c.meta(0), asTensor(c.result())->meta));
     }},
    {"as_strided", "AsStridedBackward0", "result", [](GradCtx& c) {
       c.set(0, viewGeometryBackward(c, c.g(), c.meta(0), asTensor(c.result())->meta));
     }},
    {"slice_scatter", "SliceScatterBackward0", "", [](GradCtx& c) {
       if (c.needs(0))
         c.set(0, op(c.s, "slice_scatter", {c.g(), zerosOf(c.s, c.meta(1)), c.arg(2), c.arg(3), c.arg(4), c.arg(5)}));
       if (c.needs(1)) c.set(1, op(c.s, "slice.Tensor", {c.g(), c.arg(2), c.arg(3), c.arg(4), c.arg(5)}));
     }},
    {"select_scatter", "SelectScatterBackward0", "", [](GradCtx& c) {
       if (c.needs(0)) c.set(0, op(c.s, "select_scatter", {c.g(), zerosOf(c.s, c.meta(1)), c.arg(2), c.arg(3)}));
       if (c.needs(1)) c.set(1, op(c.s, "select.int", {c.g(), c.arg(2), c.arg(3)}));
     }},

    // Shape ops that copy.
    {"clone", "CloneBackward0", "", [](GradCtx& c) { c.set(0, c.g()); }},
    {"cat", "CatBackward0", "", [](GradCtx& c) {
       const std::vector<Value>& items = c.args.tensorsAt(0);
       const int64_t rank = asTensor(c.result())->dim();
       const int64_t dim = wrap(c.arg(1).asInt(), rank);
       int64_t offset = 0;
       for (size_t i = 0; i < items.size(); ++i) {
         const TensorMeta& m = asTensor(items[i])->meta;
         if (m.sizes.size() == 1 && m.sizes[0] == 0 && rank != 1) continue;  // legacy empty input
         const int64_t n = m.sizes[static_cast<size_t>(dim)];
         c.setItem(i, op(c.s, "narrow", {c.g(), Value::integer(dim), Value::integer(offset), Value::integer(n)}));
         offset += n;
       }
     }},
    {"stack", "StackBackward0", "", [](GradCtx& c) {
       const std::vector<Value>& items = c.args.tensorsAt(0);
       const int64_t dim = wrap(c.arg(1).asInt(), asTensor(c.result())->dim());
       for (size_t i = 0; i < items.size(); ++i)
         c.setItem(i, op(c.s, "select.int", {c.g(), Value::integer(dim), Value::integer(static_cast<int64_t>(i))}));
     }},

    // Gathers and indexed updates.
    {"index.Tensor", "IndexBackward0", "indices", [](GradCtx& c) {
       c.set(0, op(c.s, "index_put", {zerosOf(c.s, c.meta(0)), c.args.tensorsAt(1), c.g(), Value::boolean(true)}));
     }},
    {"index_select", "IndexSelectBackward0", "index", [](GradCtx& c) {
       const TensorMeta& m = c.meta(0);
       V g = c.g();
       if (m.sizes.empty()) { c.set(0, op(c.s, "reshape", {op(c.s, "sum", {g}), m.sizes})); return; }
       c.set(0, op(c.s, "index_add", {zerosOf(c.s, m), c.arg(1), c.arg(2), g}));
     }},
    {"gather", "GatherBackward0", "index", [](GradCtx& c) {
       c.set(0, op(c.s, "scatter_add", {zerosOf(c.s, c.meta(0)), c.arg(1), c.arg(2), c.g()}));
     }},
    {"index_put", "IndexPutBackward0", "indices", [](GradCtx& c) {
       if (c.needs(0)) {
         if (c.arg(3).asBool()) c.set(0, c.g());
         else c.set(0, op(c.s, "index_put", {c.g(), c.args.tensorsAt(1), zerosOf(c.s, contiguousMeta(c.meta(2).dtype, Dims())), Value::boolean(false)}));
       }
       if (c.needs(2)) c.set(2, reduceTo(c, op(c.s, "index.Tensor", {c.g(), c.args.tensorsAt(1)}), 2));
     }},
    {"index_copy", "IndexCopyBackward0", "index", [](GradCtx& c) {
       if (c.needs(0)) c.set(0, op(c.s, "index_copy", {c.g(), c.arg(1), c.arg(2), zerosOf(c.s, c.meta(3))}));
       if (c.needs(3))
         c.set(3, op(c.s, "reshape", {op(c.s, "index_select", {c.g(), c.arg(1), c.arg(2)}), c.meta(3).sizes}));
     }},
    {"index_add", "IndexAddBackward0", "index", [](GradCtx& c) {
       c.set(0, c.g());
       if (c.needs(3)) {
         V picked = op(c.s, "index_select", {c.g(), c.arg(1), c.arg(2)});
         c.set(3, op(c.s, "reshape", {scaled(c, picked, c.arg(4)), c.meta(3).sizes}));
       }
     }},
    {"scatter.src", "ScatterBackward0", "index", [](GradCtx& c) {
       if (c.needs(0)) c.set(0, op(c.s, "scatter.value", {c.g(), c.arg(1), c.arg(2), num(0)}));
       if (c.needs(3)) c.set(3, op(c.s, "gather", {c.g(), c.arg(1), c.arg(2)}));
     }},
    {"scatter.value", "ScatterBackward1", "index", [](GradCtx& c) {
       c.set(0, op(c.s, "scatter.value", {c.g(), c.arg(1), c.arg(2), num(0)}));
     }},
    {"scatter_add", "ScatterAddBackward0", "index", [](GradCtx& c) {
       c.set(0, c.g());
       if (c.needs(3)) c.set(3, op(c.s, "gather", {c.g(), c.arg(1), c.arg(2)}));
     }},
};

const char* const kNonDifferentiable[] = {"detach", "equal", "allclose", "isclose"};

}  // namespace

const std::vector<DerivativeRow>& derivativeRows() {
  static const std::vector<DerivativeRow> all = [] {
    std::vector<DerivativeRow> rows = kRows;
    for (const DerivativeRow& r : moreDerivativeRows()) rows.push_back(r);
    return rows;
  }();
  return all;
}

const DerivativeRow* derivativeFor(const ir::OpDef& op) {
  static const std::unordered_map<std::string, const DerivativeRow*> byName = [] {
    std::unordered_map<std::string, const DerivativeRow*> m;
    for (const DerivativeRow& r : derivativeRows()) m.emplace(r.op, &r);
    return m;
  }();
  auto it = byName.find(op.fullName());
  if (it != byName.end()) return it->second;
  if (op.functional) {
    it = byName.find(op.functional->fullName());
    if (it != byName.end()) return it->second;
  }
  return nullptr;
}

bool isNonDifferentiable(const ir::OpDef& op) {
  if (op.has(kTagFactory) || op.has(kTagComparison) || op.has(kTagNonTensorResult)) return true;
  for (const char* n : kNonDifferentiable)
    if (op.name() == n) return true;
  return false;
}

}  // namespace tdsl::autograd
