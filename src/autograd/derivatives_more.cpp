// The derivative rows of the ops merged in session 5 (Note [Derivative rows]
// in derivatives.h): the new unary math, linear algebra, scans, sorting,
// reorderings, statistics and views; and of the ops added after them
// (index_fill, nan_to_num, cummax, cummin). The math is derivatives.yaml's.
#include <cmath>
#include <limits>

#include "autograd/formula_helpers.h"
#include "support/diagnostics.h"

namespace tdsl::autograd {

namespace {

using V = Value;

V num(double x) { return Value::number(x); }
V I(int64_t x) { return Value::integer(x); }
double asDouble(const Value& v) { return v.isFloat() ? v.asFloat() : v.isInt() ? static_cast<double>(v.asInt()) : v.asBool(); }
int64_t wrapDim(int64_t d, int64_t rank) { return d < 0 ? d + (rank == 0 ? 1 : rank) : d; }
int64_t rankOf(GradCtx& c, int slot) { return static_cast<int64_t>(c.meta(slot).sizes.size()); }
V reduceTo(GradCtx& c, const V& g, int slot) { return sumToSize(c.s, g, c.meta(slot).sizes); }
V scaleBy(GradCtx& c, const V& g, double k) { return op(c.s, "mul.Scalar", {g, num(k)}); }
V zeroGrad(GradCtx& c) { return op(c.s, "mul.Scalar", {c.g(), num(0)}); }
V square(GradCtx& c, const V& x) { return mul(c.s, x, x); }
V sqrtOf(GradCtx& c, const V& x) { return op(c.s, "sqrt", {x}); }
// g * f(x) for a unary op's derivative f.
void unary(GradCtx& c, const V& derivative) { c.set(0, mul(c.s, c.g(), derivative)); }

// All dims when a reduction's int[] dim is empty (amax's default).
Dims reductionDims(GradCtx& c, int slot) {
  const int64_t rank = rankOf(c, 0);
  Dims dims = reducedDims(c, slot, rank);
  if (dims.empty())
    for (int64_t d = 0; d < rank; ++d) dims.push_back(d);
  return dims;
}

// amax/amin: the gradient shared evenly by the elements equal to the extremum.
void extremumBackward(GradCtx& c) {
  Dims dims = reductionDims(c, 1);
  const bool keepdim = c.arg(2).asBool();
  V picked = expandReduced(c, c.result(), 0, dims, keepdim);
  V mask = toDtype(c.s, op(c.s, "eq.Tensor", {c.arg(0), picked}), c.meta(0).dtype);
  V count = op(c.s, "sum.dim_IntList", {mask, dims, Value::boolean(true)});
  V g = expandReduced(c, c.g(), 0, dims, keepdim);
  c.set(0, div(c.s, mul(c.s, g, mask), op(c.s, "expand", {count, c.meta(0).sizes})));
}

// var/std over `dims` with `correction`: d var = 2 (x - mean) / (N - correction).
void varianceBackward(GradCtx& c, const Dims& dims, int64_t correction, bool keepdim, bool isStd) {
  const TensorMeta& m = c.meta(0);
  int64_t n = 1;
  for (int64_t d : dims) n *= m.sizes.empty() ? 1 : m.sizes[static_cast<size_t>(d)];
  V centered = op(c.s, "sub.Tensor", {c.arg(0), op(c.s, "mean.dim", {c.arg(0), dims, Value::boolean(true)})});
  V g = expandReduced(c, c.g(), 0, dims, keepdim);
  const double denom = static_cast<double>(n - correction);
  if (!isStd) {
    c.set(0, mul(c.s, g, scaleBy(c, centered, 2.0 / denom)));
    return;
  }
  V sd = expandReduced(c, c.result(), 0, dims, keepdim);
  c.set(0, div(c.s, mul(c.s, g, scaleBy(c, centered, 1.0 / denom)), sd));
}

Dims allDims(GradCtx& c) {
  Dims dims;
  for (int64_t d = 0; d < rankOf(c, 0); ++d) dims.push_back(d);
  return dims;
}
Dims optionalDims(GradCtx& c, int slot) { return c.args.isNone(slot) ? allDims(c) : reductionDims(c, slot); }
int64_t unbiasedCorrection(const Value& unbiased) { return unbiased.asBool() ? 1 : 0; }

// The p-norm over `dims`: g * sign(x) |x|^(p-1) / norm^(p-1); p = inf shares
// g among the elements of largest |x|.
void normBackward(GradCtx& c, double p, const Dims& dims, bool keepdim) {
  V g = expandReduced(c, c.g(), 0, dims, keepdim);
  V norm = expandReduced(c, c.result(), 0, dims, keepdim);
  V x = c.arg(0);
  V absX = op(c.s, "abs", {x});
  if (std::isinf(p)) {
    V mask = toDtype(c.s, op(c.s, "eq.Tensor", {absX, norm}), c.meta(0).dtype);
    V count = op(c.s, "expand", {op(c.s, "sum.dim_IntList", {mask, dims, Value::boolean(true)}), c.meta(0).sizes});
    c.set(0, div(c.s, mul(c.s, mul(c.s, g, sign(c, x)), mask), count));
    return;
  }
  V scaleTerm = div(c.s, op(c.s, "pow.Tensor_Scalar", {absX, num(p - 1)}), op(c.s, "pow.Tensor_Scalar", {norm, num(p - 1)}));
  V grad = mul(c.s, mul(c.s, g, sign(c, x)), scaleTerm);
  // A zero norm has a zero subgradient (PyTorch's masked_fill_(norm == 0, 0)).
  c.set(0, op(c.s, "masked_fill.Scalar", {grad, op(c.s, "eq.Scalar", {norm, num(0)}), num(0)}));
}

// sort/topk: the gradient goes back to where each value came from.
void scatterByIndices(GradCtx& c, int dimSlot) {
  const int64_t dim = wrapDim(c.arg(dimSlot).asInt(), rankOf(c, 0));
  if (c.meta(0).sizes.empty()) { c.set(0, c.g()); return; }
  c.set(0, op(c.s, "scatter.src", {zerosOf(c.s, c.meta(0)), I(dim), c.result(1), c.g()}));
}

// cummax/cummin: each output's gradient goes back to the index it took its
// value from (PyTorch's cummaxmin_backward: zeros.scatter_add_(dim,
// indices, grad)), so an element that stays the extremum collects the
// gradients of every position it fills.
void cumulativeExtremumBackward(GradCtx& c) {
  const TensorMeta& m = c.meta(0);
  if (m.numel() == 0) { c.set(0, zerosOf(c.s, m)); return; }
  if (m.sizes.empty()) { c.set(0, c.g()); return; }
  const int64_t dim = wrapDim(c.arg(1).asInt(), rankOf(c, 0));
  c.set(0, op(c.s, "scatter_add", {zerosOf(c.s, m), I(dim), c.result(1), c.g()}));
}

// index_fill: self's gradient is g with the filled rows zeroed.
V indexFillSelfGrad(GradCtx& c) { return op(c.s, "index_fill.int_Scalar", {c.g(), c.arg(1), c.arg(2), num(0)}); }

// An int[N] argument, bound as a list or as one int.
Dims intList(GradCtx& c, int slot) {
  if (c.args.kind(slot) == ArgKind::Dims) return c.args.dimsAt(slot);
  return Dims{c.arg(slot).asInt()};
}

V flipAlong(GradCtx& c, const V& t, int64_t dim) { return op(c.s, "flip", {t, Dims{dim}}); }

// prod along `dim` of the others: the exclusive cumprods from each side
// multiplied, which needs no division (zeros are fine).
V productOfOthers(GradCtx& c, const V& x, int64_t dim) {
  const TensorMeta& m = asTensor(x)->meta;
  const int64_t n = m.sizes[static_cast<size_t>(dim)];
  Dims oneSizes = m.sizes;
  oneSizes[static_cast<size_t>(dim)] = 1;
  V one = op(c.s, "add.Scalar", {zerosOf(c.s, contiguousMeta(m.dtype, oneSizes)), num(1)});
  auto exclusive = [&](const V& t) {
    V inclusive = op(c.s, "cumprod", {t, I(dim)});
    return op(c.s, "cat", {std::vector<Value>{one, op(c.s, "narrow", {inclusive, I(dim), I(0), I(n - 1)})}, I(dim)});
  };
  V left = exclusive(x);
  V right = flipAlong(c, exclusive(flipAlong(c, x, dim)), dim);
  return mul(c.s, left, right);
}

// cumprod's gradient when some x_i is 0, where dividing by x_i cannot work:
// d/dx_i = sum_{j >= i} g_j prod_{k <= j, k != i} x_k, the cumprod of x with
// x_i replaced by 1, one position at a time.
V cumprodBackwardWithZeros(GradCtx& c, int64_t dim) {
  const TensorMeta& m = c.meta(0);
  const int64_t n = m.sizes[static_cast<size_t>(dim)];
  V grad = zerosOf(c.s, m);
  Dims sliceSizes;
  for (int64_t k = 0; k < static_cast<int64_t>(m.sizes.size()); ++k)
    if (k != dim) sliceSizes.push_back(m.sizes[static_cast<size_t>(k)]);
  V ones = op(c.s, "add.Scalar", {zerosOf(c.s, contiguousMeta(m.dtype, sliceSizes)), num(1)});
  for (int64_t i = 0; i < n; ++i) {
    V without = op(c.s, "cumprod", {op(c.s, "select_scatter", {c.arg(0), ones, I(dim), I(i)}), I(dim)});
    V later = op(c.s, "narrow", {mul(c.s, c.g(), without), I(dim), I(i), I(n - i)});
    V total = op(c.s, "sum.dim_IntList", {later, Dims{dim}, Value::boolean(false)});
    grad = op(c.s, "select_scatter", {grad, total, I(dim), I(i)});
  }
  return grad;
}

const double kLn2 = std::log(2.0);
const double kLn10 = std::log(10.0);
const double kTwoOverSqrtPi = 2.0 / std::sqrt(3.14159265358979323846);

const std::vector<DerivativeRow> kMoreRows = {
    // Unary math.
    {"cosh", "CoshBackward0", "self", [](GradCtx& c) { unary(c, op(c.s, "sinh", {c.arg(0)})); }},
    {"sinh", "SinhBackward0", "self", [](GradCtx& c) { unary(c, op(c.s, "cosh", {c.arg(0)})); }},
    {"acosh", "AcoshBackward0", "self", [](GradCtx& c) {
       c.set(0, div(c.s, c.g(), sqrtOf(c, op(c.s, "sub.Scalar", {square(c, c.arg(0)), num(1)}))));
     }},
    {"asinh", "AsinhBackward0", "self", [](GradCtx& c) {
       c.set(0, div(c.s, c.g(), sqrtOf(c, op(c.s, "add.Scalar", {square(c, c.arg(0)), num(1)}))));
     }},
    {"atanh", "AtanhBackward0", "self", [](GradCtx& c) {
       c.set(0, div(c.s, c.g(), op(c.s, "rsub.Scalar", {square(c, c.arg(0)), num(1)})));
     }},
    {"tan", "TanBackward0", "result", [](GradCtx& c) { unary(c, op(c.s, "add.Scalar", {square(c, c.result()), num(1)})); }},
    {"asin", "AsinBackward0", "self", [](GradCtx& c) {
       c.set(0, div(c.s, c.g(), sqrtOf(c, op(c.s, "rsub.Scalar", {square(c, c.arg(0)), num(1)}))));
     }},
    {"acos", "AcosBackward0", "self", [](GradCtx& c) {
       c.set(0, neg(c.s, div(c.s, c.g(), sqrtOf(c, op(c.s, "rsub.Scalar", {square(c, c.arg(0)), num(1)})))));
     }},
    {"atan", "AtanBackward0", "self", [](GradCtx& c) {
       c.set(0, div(c.s, c.g(), op(c.s, "add.Scalar", {square(c, c.arg(0)), num(1)})));
     }},
    {"erf", "ErfBackward0", "self", [](GradCtx& c) {
       unary(c, scaleBy(c, op(c.s, "exp", {neg(c.s, square(c, c.arg(0)))}), kTwoOverSqrtPi));
     }},
    {"expm1", "Expm1Backward0", "result", [](GradCtx& c) { unary(c, op(c.s, "add.Scalar", {c.result(), num(1)})); }},
    {"exp2", "Exp2Backward0", "result", [](GradCtx& c) { unary(c, scaleBy(c, c.result(), kLn2)); }},
    {"log1p", "Log1PBackward0", "self", [](GradCtx& c) { c.set(0, div(c.s, c.g(), op(c.s, "add.Scalar", {c.arg(0), num(1)}))); }},
    {"log2", "Log2Backward0", "self", [](GradCtx& c) { c.set(0, div(c.s, c.g(), scaleBy(c, c.arg(0), kLn2))); }},
    {"log10", "Log10Backward0", "self", [](GradCtx& c) { c.set(0, div(c.s, c.g(), scaleBy(c, c.arg(0), kLn10))); }},
    {"rsqrt", "RsqrtBackward0", "result", [](GradCtx& c) {
       unary(c, scaleBy(c, op(c.s, "pow.Tensor_Scalar", {c.result(), num(3)}), -0.5));
     }},
    {"square", "PowBackward0", "self", [](GradCtx& c) { unary(c, scaleBy(c, c.arg(0), 2.0)); }},
    {"sign", "SignBackward0", "", [](GradCtx& c) { c.set(0, zeroGrad(c)); }},
    {"trunc", "TruncBackward0", "", [](GradCtx& c) { c.set(0, zeroGrad(c)); }},
    {"frac", "FracBackward0", "", [](GradCtx& c) { c.set(0, c.g()); }},

    // Clamps, binary and ternary pointwise ops.
    {"clamp_min", "ClampMinBackward0", "self", [](GradCtx& c) {
       c.set(0, op(c.s, "where.ScalarOther", {op(c.s, "ge.Scalar", {c.arg(0), c.arg(1)}), c.g(), num(0)}));
     }},
    {"clamp_max", "ClampMaxBackward0", "self", [](GradCtx& c) {
       c.set(0, op(c.s, "where.ScalarOther", {op(c.s, "le.Scalar", {c.arg(0), c.arg(1)}), c.g(), num(0)}));
     }},
    {"fmod.Scalar", "FmodBackward0", "", [](GradCtx& c) { c.set(0, c.g()); }},
    {"fmod.Tensor", "FmodBackward1", "self, other", [](GradCtx& c) {
       c.set(0, reduceTo(c, c.g(), 0));
       if (c.needs(1)) {
         V q = op(c.s, "trunc", {div(c.s, c.arg(0), c.arg(1))});
         c.set(1, reduceTo(c, neg(c.s, mul(c.s, c.g(), q)), 1));
       }
     }},
    {"atan2", "Atan2Backward0", "self, other", [](GradCtx& c) {
       V r2 = op(c.s, "add.Tensor", {square(c, c.arg(0)), square(c, c.arg(1))});
       if (c.needs(0)) c.set(0, reduceTo(c, div(c.s, mul(c.s, c.g(), c.arg(1)), r2), 0));
       if (c.needs(1)) c.set(1, reduceTo(c, neg(c.s, div(c.s, mul(c.s, c.g(), c.arg(0)), r2)), 1));
     }},
    {"lerp.Scalar", "LerpBackward0", "", [](GradCtx& c) {
       const double w = asDouble(c.arg(2));
       c.set(0, reduceTo(c, scaleBy(c, c.g(), 1.0 - w), 0));
       c.set(1, reduceTo(c, scaleBy(c, c.g(), w), 1));
     }},
    {"lerp.Tensor", "LerpBackward1", "self, end, weight", [](GradCtx& c) {
       if (c.needs(0)) c.set(0, reduceTo(c, mul(c.s, c.g(), op(c.s, "rsub.Scalar", {c.arg(2), num(1)})), 0));
       if (c.needs(1)) c.set(1, reduceTo(c, mul(c.s, c.g(), c.arg(2)), 1));
       if (c.needs(2)) c.set(2, reduceTo(c, mul(c.s, c.g(), op(c.s, "sub.Tensor", {c.arg(1), c.arg(0)})), 2));
     }},
    {"addcmul", "AddcmulBackward0", "tensor1, tensor2", [](GradCtx& c) {
       const double v = asDouble(c.arg(3));
       c.set(0, reduceTo(c, c.g(), 0));
       if (c.needs(1)) c.set(1, reduceTo(c, scaleBy(c, mul(c.s, c.g(), c.arg(2)), v), 1));
       if (c.needs(2)) c.set(2, reduceTo(c, scaleBy(c, mul(c.s, c.g(), c.arg(1)), v), 2));
     }},
    {"addcdiv", "AddcdivBackward0", "tensor1, tensor2", [](GradCtx& c) {
       const double v = asDouble(c.arg(3));
       c.set(0, reduceTo(c, c.g(), 0));
       if (c.needs(1)) c.set(1, reduceTo(c, scaleBy(c, div(c.s, c.g(), c.arg(2)), v), 1));
       if (c.needs(2)) {
         V q = div(c.s, c.arg(1), square(c, c.arg(2)));
         c.set(2, reduceTo(c, scaleBy(c, mul(c.s, c.g(), q), -v), 2));
       }
     }},

    // Linear algebra.
    {"mv", "MvBackward0", "self, vec", [](GradCtx& c) {
       if (c.needs(0)) c.set(0, op(c.s, "outer", {c.g(), c.arg(1)}));
       if (c.needs(1)) c.set(1, op(c.s, "mv", {op(c.s, "t", {c.arg(0)}), c.g()}));
     }},
    {"bmm", "BmmBackward0", "self, mat2", [](GradCtx& c) {
       if (c.needs(0)) c.set(0, op(c.s, "bmm", {c.g(), op(c.s, "transpose.int", {c.arg(1), I(1), I(2)})}));
       if (c.needs(1)) c.set(1, op(c.s, "bmm", {op(c.s, "transpose.int", {c.arg(0), I(1), I(2)}), c.g()}));
     }},
    {"outer", "MulBackward0", "self, vec2", [](GradCtx& c) {
       if (c.needs(0)) c.set(0, op(c.s, "mv", {c.g(), c.arg(1)}));
       if (c.needs(1)) c.set(1, op(c.s, "mv", {op(c.s, "t", {c.g()}), c.arg(0)}));
     }},
    {"addr", "AddrBackward0", "vec1, vec2", [](GradCtx& c) {
       const double beta = asDouble(c.arg(3)), alpha = asDouble(c.arg(4));
       c.set(0, reduceTo(c, scaleBy(c, c.g(), beta), 0));
       if (c.needs(1)) c.set(1, scaleBy(c, op(c.s, "mv", {c.g(), c.arg(2)}), alpha));
       if (c.needs(2)) c.set(2, scaleBy(c, op(c.s, "mv", {op(c.s, "t", {c.g()}), c.arg(1)}), alpha));
     }},
    {"trace", "TraceBackward0", "", [](GradCtx& c) {
       const TensorMeta& m = c.meta(0);
       V eye = zerosOf(c.s, m);
       eye = op(c.s, "diagonal_scatter", {eye, op(c.s, "add.Scalar", {op(c.s, "diagonal", {eye, I(0), I(0), I(1)}), num(1)}),
                                          I(0), I(0), I(1)});
       c.set(0, mul(c.s, eye, c.g()));
     }},

    {"block_diag", "BlockDiagBackward0", "", [](GradCtx& c) {
       // Each input's block, as a matrix (0-D: 1x1, 1-D: one row), then its own sizes.
       const std::vector<Value>& items = c.args.tensorsAt(0);
       int64_t row = 0, col = 0;
       for (size_t k = 0; k < items.size(); ++k) {
         const Dims& sizes = asTensor(items[k])->sizes();
         const int64_t h = sizes.size() == 2 ? sizes[0] : 1;
         const int64_t w = sizes.empty() ? 1 : sizes.size() == 1 ? sizes[0] : sizes[1];
         if (c.needsItem(k)) {
           V block = op(c.s, "narrow", {op(c.s, "narrow", {c.g(), I(0), I(row), I(h)}), I(1), I(col), I(w)});
           c.setItem(k, op(c.s, "reshape", {block, sizes}));
         }
         row += h;
         col += w;
       }
     }},

    // Reductions and statistics.
    {"amax", "AmaxBackward0", "self, result", extremumBackward},
    {"amin", "AminBackward0", "self, result", extremumBackward},
    {"logsumexp", "LogsumexpBackward0", "self, result", [](GradCtx& c) {
       Dims dims = reductionDims(c, 1);
       const bool keepdim = c.arg(2).asBool();
       V lse = expandReduced(c, c.result(), 0, dims, keepdim);
       c.set(0, mul(c.s, expandReduced(c, c.g(), 0, dims, keepdim), op(c.s, "exp", {op(c.s, "sub.Tensor", {c.arg(0), lse})})));
     }},
    {"var", "VarBackward0", "self", [](GradCtx& c) { varianceBackward(c, allDims(c), unbiasedCorrection(c.arg(1)), false, false); }},
    {"var.dim", "VarBackward0", "self", [](GradCtx& c) {
       varianceBackward(c, optionalDims(c, 1), unbiasedCorrection(c.arg(2)), c.arg(3).asBool(), false);
     }},
    {"var.correction", "VarBackward0", "self", [](GradCtx& c) {
       varianceBackward(c, optionalDims(c, 1), c.args.isNone(2) ? 1 : c.arg(2).asInt(), c.arg(3).asBool(), false);
     }},
    {"std", "StdBackward0", "self, result", [](GradCtx& c) { varianceBackward(c, allDims(c), unbiasedCorrection(c.arg(1)), false, true); }},
    {"std.dim", "StdBackward0", "self, result", [](GradCtx& c) {
       varianceBackward(c, optionalDims(c, 1), unbiasedCorrection(c.arg(2)), c.arg(3).asBool(), true);
     }},
    {"std.correction", "StdBackward0", "self, result", [](GradCtx& c) {
       varianceBackward(c, optionalDims(c, 1), c.args.isNone(2) ? 1 : c.arg(2).asInt(), c.arg(3).asBool(), true);
     }},
    {"norm.Scalar", "NormBackward1", "self, result", [](GradCtx& c) { normBackward(c, asDouble(c.arg(1)), allDims(c), false); }},
    {"norm.ScalarOpt_dim", "NormBackward1", "self, result", [](GradCtx& c) {
       normBackward(c, c.args.isNone(1) ? 2.0 : asDouble(c.arg(1)), reductionDims(c, 2), c.arg(3).asBool());
     }},
    {"softmax.int", "SoftmaxBackward0", "result", [](GradCtx& c) {
       const int64_t dim = wrapDim(c.arg(1).asInt(), rankOf(c, 0));
       V gr = mul(c.s, c.g(), c.result());
       V total = op(c.s, "sum.dim_IntList", {gr, Dims{dim}, Value::boolean(true)});
       c.set(0, op(c.s, "sub.Tensor", {gr, mul(c.s, c.result(), total)}));
     }},
    {"log_softmax.int", "LogSoftmaxBackward0", "result", [](GradCtx& c) {
       const int64_t dim = wrapDim(c.arg(1).asInt(), rankOf(c, 0));
       V total = op(c.s, "sum.dim_IntList", {c.g(), Dims{dim}, Value::boolean(true)});
       c.set(0, op(c.s, "sub.Tensor", {c.g(), mul(c.s, op(c.s, "exp", {c.result()}), total)}));
     }},
    {"median", "MedianBackward0", "self, result", evenlyDistribute},
    {"median.dim", "MedianBackward1", "result", valueSelecting},

    // Scans.
    {"cumsum", "CumsumBackward0", "", [](GradCtx& c) {
       const int64_t dim = wrapDim(c.arg(1).asInt(), rankOf(c, 0));
       if (c.meta(0).sizes.empty()) { c.set(0, toDtype(c.s, c.g(), c.meta(0).dtype)); return; }
       V reversed = flipAlong(c, op(c.s, "cumsum", {flipAlong(c, c.g(), dim), I(dim)}), dim);
       c.set(0, toDtype(c.s, reversed, c.meta(0).dtype));
     }},
    {"cumprod", "CumprodBackward0", "self, result", [](GradCtx& c) {
       const int64_t dim = wrapDim(c.arg(1).asInt(), rankOf(c, 0));
       if (c.meta(0).sizes.empty()) { c.set(0, c.g()); return; }
       V zeros = op(c.s, "any", {op(c.s, "eq.Scalar", {c.arg(0), num(0)})});
       if (!asTensor(zeros)->data<bool>()[0]) {
         // sum_{j >= i} g_j result_j / x_i.
         V gr = mul(c.s, c.g(), c.result());
         V tail = flipAlong(c, op(c.s, "cumsum", {flipAlong(c, gr, dim), I(dim)}), dim);
         c.set(0, div(c.s, tail, c.arg(0)));
         return;
       }
       c.set(0, cumprodBackwardWithZeros(c, dim));
     }},

    {"prod", "ProdBackward0", "self", [](GradCtx& c) {
       const TensorMeta& m = c.meta(0);
       if (m.numel() == 0) { c.set(0, zerosOf(c.s, m)); return; }
       V flat = op(c.s, "reshape", {c.arg(0), Dims{-1}});
       V others = op(c.s, "reshape", {productOfOthers(c, flat, 0), m.sizes});
       c.set(0, mul(c.s, toDtype(c.s, c.g(), m.dtype), others));
     }},
    {"prod.dim_int", "ProdBackward1", "self", [](GradCtx& c) {
       const TensorMeta& m = c.meta(0);
       if (m.sizes.empty() || m.numel() == 0) { c.set(0, m.sizes.empty() ? c.g() : zerosOf(c.s, m)); return; }
       const int64_t dim = wrapDim(c.arg(1).asInt(), rankOf(c, 0));
       V g = expandReduced(c, toDtype(c.s, c.g(), m.dtype), 0, Dims{dim}, c.arg(2).asBool());
       c.set(0, mul(c.s, g, productOfOthers(c, c.arg(0), dim)));
     }},
    {"diff", "SubBackward0", "", [](GradCtx& c) {
       // diff's adjoint, n times: g -> [0, g] - [g, 0] along dim; then the
       // pieces of cat(prepend, self, append). (PyTorch's diff is a composite
       // whose last op is a sub, hence the node's name.)
       const TensorMeta& m = c.meta(0);
       const int64_t dim = wrapDim(c.arg(2).asInt(), rankOf(c, 0));
       V g = c.g();
       for (int64_t k = 0; k < c.arg(1).asInt(); ++k) {
         Dims sizes = asTensor(g)->sizes();
         sizes[static_cast<size_t>(dim)] = 1;
         V zero = zerosOf(c.s, contiguousMeta(asTensor(g)->dtype(), sizes));
         g = op(c.s, "sub.Tensor", {op(c.s, "cat", {std::vector<Value>{zero, g}, I(dim)}),
                                   op(c.s, "cat", {std::vector<Value>{g, zero}, I(dim)}), num(1)});
       }
       const int64_t before = c.args.isNone(3) ? 0 : c.meta(3).sizes[static_cast<size_t>(dim)];
       const int64_t own = m.sizes[static_cast<size_t>(dim)];
       c.set(0, op(c.s, "narrow", {g, I(dim), I(before), I(own)}));
       if (!c.args.isNone(3) && c.needs(3)) c.set(3, op(c.s, "narrow", {g, I(dim), I(0), I(before)}));
       if (!c.args.isNone(4) && c.needs(4))
         c.set(4, op(c.s, "narrow", {g, I(dim), I(before + own), I(c.meta(4).sizes[static_cast<size_t>(dim)])}));
     }},

    {"cummax", "CummaxBackward0", "result", cumulativeExtremumBackward},
    {"cummin", "CumminBackward0", "result", cumulativeExtremumBackward},

    // Indexed fills and value cleanup.
    {"index_fill.int_Scalar", "IndexFillBackward0", "index", [](GradCtx& c) { c.set(0, indexFillSelfGrad(c)); }},
    {"index_fill.int_Tensor", "IndexFillBackward1", "index", [](GradCtx& c) {
       if (c.needs(0)) c.set(0, indexFillSelfGrad(c));
       if (c.needs(3)) {
         // The 0-dim value's gradient: g summed over the filled positions,
         // each once however often the index names it (PyTorch sums
         // index_select at the unique indices).
         V none = zerosOf(c.s, contiguousMeta(DType::Bool, c.meta(0).sizes));
         V filled = op(c.s, "index_fill.int_Scalar", {none, c.arg(1), c.arg(2), Value::boolean(true)});
         V picked = op(c.s, "where.ScalarOther", {filled, c.g(), num(0)});
         c.set(3, toDtype(c.s, op(c.s, "sum", {picked}), c.meta(3).dtype));
       }
     }},
    // nan_to_num passes the gradient where self was finite (g * isfinite(self)).
    {"nan_to_num", "NanToNumBackward0", "self", [](GradCtx& c) {
       c.set(0, mul(c.s, c.g(), op(c.s, "isfinite", {c.arg(0)})));
     }},

    // Sorting.
    {"sort", "SortBackward0", "result", [](GradCtx& c) { scatterByIndices(c, 1); }},
    {"sort.stable", "SortBackward1", "result", [](GradCtx& c) { scatterByIndices(c, 2); }},
    {"topk", "TopkBackward0", "result", [](GradCtx& c) { scatterByIndices(c, 2); }},

    // Reorderings.
    {"flip", "FlipBackward0", "", [](GradCtx& c) { c.set(0, op(c.s, "flip", {c.g(), intList(c, 1)})); }},
    {"fliplr", "FlipBackward0", "", [](GradCtx& c) { c.set(0, op(c.s, "fliplr", {c.g()})); }},
    {"flipud", "FlipBackward0", "", [](GradCtx& c) { c.set(0, op(c.s, "flipud", {c.g()})); }},
    {"roll", "RollBackward0", "", [](GradCtx& c) {
       Dims back;
       for (int64_t k : intList(c, 1)) back.push_back(-k);
       c.set(0, op(c.s, "roll", {c.g(), back, intList(c, 2)}));
     }},
    {"triu", "TriuBackward0", "", [](GradCtx& c) { c.set(0, op(c.s, "triu", {c.g(), c.arg(1)})); }},
    {"tril", "TrilBackward0", "", [](GradCtx& c) { c.set(0, op(c.s, "tril", {c.g(), c.arg(1)})); }},
    {"repeat", "RepeatBackward0", "", [](GradCtx& c) {
       // g viewed as [r0, s0, r1, s1, ...] summed over the repeat dims.
       const Dims reps = intList(c, 1);
       const Dims& sizes = c.meta(0).sizes;
       const int lead = reps.size() - sizes.size();
       Dims split, summed;
       for (int k = 0; k < reps.size(); ++k) {
         summed.push_back(static_cast<int64_t>(split.size()));
         split.push_back(reps[k]);
         split.push_back(k < lead ? 1 : sizes[k - lead]);
       }
       V parts = op(c.s, "reshape", {c.g(), split});
       c.set(0, op(c.s, "reshape", {op(c.s, "sum.dim_IntList", {parts, summed, Value::boolean(false)}), sizes}));
     }},

    // Views.
    {"swapdims", "TransposeBackward0", "", [](GradCtx& c) { c.set(0, op(c.s, "transpose.int", {c.g(), c.arg(1), c.arg(2)})); }},
    {"swapaxes", "TransposeBackward0", "", [](GradCtx& c) { c.set(0, op(c.s, "transpose.int", {c.g(), c.arg(1), c.arg(2)})); }},
    {"movedim.int", "PermuteBackward0", "", [](GradCtx& c) { c.set(0, op(c.s, "movedim.int", {c.g(), c.arg(2), c.arg(1)})); }},
    {"movedim.intlist", "PermuteBackward0", "", [](GradCtx& c) {
       c.set(0, op(c.s, "movedim.intlist", {c.g(), intList(c, 2), intList(c, 1)}));
     }},
    {"unfold", "UnfoldBackward0", "", [](GradCtx& c) {
       // Windows may overlap: each adds its gradient to its slice of the input.
       const TensorMeta& m = c.meta(0);
       const int64_t rank = static_cast<int64_t>(m.sizes.size());
       const int64_t dim = wrapDim(c.arg(1).asInt(), rank), size = c.arg(2).asInt(), step = c.arg(3).asInt();
       const int64_t windows = asTensor(c.g())->sizes()[static_cast<size_t>(rank == 0 ? 0 : dim)];
       V total = zerosOf(c.s, m);
       if (rank == 0) { c.set(0, op(c.s, "reshape", {op(c.s, "sum", {c.g()}), m.sizes})); return; }
       for (int64_t w = 0; w < windows; ++w) {
         V piece = op(c.s, "movedim.int", {op(c.s, "select.int", {c.g(), I(dim), I(w)}), I(-1), I(dim)});
         V placed = op(c.s, "slice_scatter", {zerosOf(c.s, m), piece, I(dim), I(w * step), I(w * step + size), I(1)});
         total = op(c.s, "add.Tensor", {total, placed, num(1)});
       }
       c.set(0, total);
     }},
    {"diagonal_scatter", "DiagonalScatterBackward0", "", [](GradCtx& c) {
       if (c.needs(0)) c.set(0, op(c.s, "diagonal_scatter", {c.g(), zerosOf(c.s, c.meta(1)), c.arg(2), c.arg(3), c.arg(4)}));
       if (c.needs(1)) c.set(1, op(c.s, "diagonal", {c.g(), c.arg(2), c.arg(3), c.arg(4)}));
     }},
    // as_strided_scatter(self, src, size, stride, offset) places src at the
    // as_strided positions of a contiguous copy of self (Note [View inverses]
    // in ops/op_table.h): self's gradient is g with those positions zeroed,
    // src's is g read at them. PyTorch 2.15's formula gives self g at the
    // written positions instead (its own gradcheck of this op fails); this
    // one is the derivative, checked against finite differences.
    {"as_strided_scatter", "AsStridedScatterBackward0", "", [](GradCtx& c) {
       const Dims& size = c.args.dimsAt(2);
       const Dims& stride = c.args.dimsAt(3);
       if (c.needs(0)) c.set(0, op(c.s, "as_strided_scatter", {c.g(), zerosOf(c.s, c.meta(1)), size, stride, c.arg(4)}));
       if (c.needs(1)) {
         V dense = op(c.s, "contiguous", {op(c.s, "clone", {c.g()})});  // offset 0, row-major: the positions' frame
         c.set(1, op(c.s, "clone", {op(c.s, "as_strided", {dense, size, stride, c.arg(4)})}));
       }
     }},

    // Random ops with tensor parameters: derivatives.yaml gives zeros (the
    // sample is not reparameterized), one row per overload.
    {"normal.Tensor_float", "NormalBackward1", "", [](GradCtx& c) { c.set(0, zerosOf(c.s, c.meta(0))); }},
    {"normal.float_Tensor", "NormalBackward2", "", [](GradCtx& c) { c.set(1, zerosOf(c.s, c.meta(1))); }},
    {"normal.Tensor_Tensor", "NormalBackward3", "", [](GradCtx& c) {
       if (c.needs(0)) c.set(0, zerosOf(c.s, c.meta(0)));
       if (c.needs(1)) c.set(1, zerosOf(c.s, c.meta(1)));
     }},
};

}  // namespace

const std::vector<DerivativeRow>& moreDerivativeRows() { return kMoreRows; }

}  // namespace tdsl::autograd
