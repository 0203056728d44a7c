// Eager kernels for pointwise ops. Inputs are converted to the computation
// dtype (torch.result_type) when they differ, results are written straight
// into the output (or through a temporary and a cast for in-place ops whose
// tensor has another dtype), with a contiguous fast path per row.
#include <cmath>
#include <limits>
#include <type_traits>

#include "tensor/kernel_util.h"
#include "tensor/op_meta.h"
#include "tensor/op_kernels.h"
#include "tensor/math_arrays.h"
#include "tensor/promotion.h"
#include "tensor/scalar_convert.h"
#include "tensor/scalar_math.h"
#include "tensor/scalar_ops.h"
#include "tensor/tensor_iter.h"

// Note [Elementwise aliasing]
// An elementwise kernel's output is either a fresh tensor or exactly one of
// its inputs (in-place ops; partial overlap is rejected before a kernel runs,
// by checkNoPartialOverlap). Iteration i reads element i of each input and
// writes element i of the output, nothing else, so iterations are
// independent even when out == x. TDSL_NO_LOOP_ALIASING tells the compiler
// so: otherwise GCC guards its vectorized loop with an overlap test that
// every in-place op fails, and `x.add_(y)` ran scalar, 3x slower than PyTorch.
#if defined(__clang__)
#define TDSL_NO_LOOP_ALIASING _Pragma("clang loop vectorize(assume_safety)")
#elif defined(__GNUC__)
#define TDSL_NO_LOOP_ALIASING _Pragma("GCC ivdep")
#else
#define TDSL_NO_LOOP_ALIASING
#endif

namespace tdsl::kernels {

namespace {

using namespace scalar_ops;

using EagerFnRef = EagerFn;

// out[i] = f(in[i]) over a two-operand plan (out, in).
template <class R, class T, class F>
void unaryLoop(const ElementwisePlan& plan, F f) {
  plan.forEachRow([&](char** p, const int64_t* s, int64_t n) {
    R* out = reinterpret_cast<R*>(p[0]);
    const T* in = reinterpret_cast<const T*>(p[1]);
    if (s[0] == sizeof(R) && s[1] == sizeof(T)) {
      TDSL_NO_LOOP_ALIASING
      for (int64_t i = 0; i < n; ++i) out[i] = f(in[i]);
    } else if (s[0] == sizeof(R) && s[1] == 0) {
      R v = f(in[0]);
      for (int64_t i = 0; i < n; ++i) out[i] = v;
    } else {
      for (int64_t i = 0; i < n; ++i)
        *reinterpret_cast<R*>(p[0] + i * s[0]) = f(*reinterpret_cast<const T*>(p[1] + i * s[1]));
    }
  });
}

// out[i] = f(a[i], b[i]) over a three-operand plan (out, a, b).
template <class R, class T, class F>
void binaryLoop(const ElementwisePlan& plan, F f) {
  plan.forEachRow([&](char** p, const int64_t* s, int64_t n) {
    R* out = reinterpret_cast<R*>(p[0]);
    const T* x = reinterpret_cast<const T*>(p[1]);
    const T* y = reinterpret_cast<const T*>(p[2]);
    if (s[0] == sizeof(R) && s[1] == sizeof(T) && s[2] == sizeof(T)) {
      TDSL_NO_LOOP_ALIASING
      for (int64_t i = 0; i < n; ++i) out[i] = f(x[i], y[i]);
    } else if (s[0] == sizeof(R) && s[1] == sizeof(T) && s[2] == 0) {
      T yv = y[0];
      TDSL_NO_LOOP_ALIASING
      for (int64_t i = 0; i < n; ++i) out[i] = f(x[i], yv);
    } else if (s[0] == sizeof(R) && s[1] == 0 && s[2] == sizeof(T)) {
      T xv = x[0];
      TDSL_NO_LOOP_ALIASING
      for (int64_t i = 0; i < n; ++i) out[i] = f(xv, y[i]);
    } else {
      for (int64_t i = 0; i < n; ++i)
        *reinterpret_cast<R*>(p[0] + i * s[0]) =
            f(*reinterpret_cast<const T*>(p[1] + i * s[1]), *reinterpret_cast<const T*>(p[2] + i * s[2]));
    }
  });
}

// One side of a binary op: a tensor converted to the computation dtype, or a Python number.
struct Operand {
  Ref<TensorObject> tensor;
  Value number;
};

Operand prepare(TensorState& state, const Value& v, DType compute) {
  Operand o;
  if (v.isTensor()) o.tensor = contiguousOrSame(state, *asTensor(v), compute);
  else o.number = v;
  return o;
}

template <Bin op, class T, class R>
void runBinaryTyped(const TensorObject& out, const Operand& x, const Operand& y) {
  ElementwisePlan plan;
  plan.addOperand(out.dataPtr(), out.meta, out.sizes());
  if (x.tensor && y.tensor) {
    plan.addOperand(x.tensor->dataPtr(), x.tensor->meta, out.sizes());
    plan.addOperand(y.tensor->dataPtr(), y.tensor->meta, out.sizes());
    plan.coalesce();
    binaryLoop<R, T>(plan, [](T a, T b) { return static_cast<R>(apply<op, T>(a, b)); });
  } else if (x.tensor) {
    // pow converts its exponent like PyTorch's Scalar::to<T>() (Note [Checked scalar conversion]).
    T b = op == Bin::Pow ? checkedScalarAs<T>(y.number) : scalarAs<T>(y.number);
    if constexpr (op == Bin::Pow && std::is_integral<T>::value && !std::is_same<T, bool>::value) {
      if (b < 0) throw Error(ErrorKind::Runtime, "Integers to negative integer powers are not allowed.");
    }
    plan.addOperand(x.tensor->dataPtr(), x.tensor->meta, out.sizes());
    plan.coalesce();
    if constexpr (op == Bin::Pow && std::is_floating_point<T>::value) {
      switch (powScalarCase(b)) {  // each case its own loop, as PyTorch's pow_tensor_scalar
        case PowCase::Square: unaryLoop<R, T>(plan, [](T a) { return static_cast<R>(powScalar<PowCase::Square>(a, T(2))); }); return;
        case PowCase::Cube: unaryLoop<R, T>(plan, [](T a) { return static_cast<R>(powScalar<PowCase::Cube>(a, T(3))); }); return;
        case PowCase::Sqrt: unaryLoop<R, T>(plan, [](T a) { return static_cast<R>(powScalar<PowCase::Sqrt>(a, T(0.5))); }); return;
        case PowCase::Reciprocal: unaryLoop<R, T>(plan, [](T a) { return static_cast<R>(powScalar<PowCase::Reciprocal>(a, T(-1))); }); return;
        case PowCase::General: break;
      }
    }
    unaryLoop<R, T>(plan, [b](T a) { return static_cast<R>(apply<op, T>(a, b)); });
  } else {
    T a = scalarAs<T>(x.number);
    plan.addOperand(y.tensor->dataPtr(), y.tensor->meta, out.sizes());
    plan.coalesce();
    unaryLoop<R, T>(plan, [a](T b) { return static_cast<R>(apply<op, T>(a, b)); });
  }
}

template <Bin op>
void runBinary(const TensorObject& out, DType compute, const Operand& x, const Operand& y) {
  withDType(compute, [&](auto ct) {
    using T = decltype(ct);
    if constexpr (op >= Bin::Eq) {
      runBinaryTyped<op, T, bool>(out, x, y);
    } else {
      runBinaryTyped<op, T, T>(out, x, y);
    }
  });
}

DType computeDTypeFor(Bin op, const Value& a, const Value& b) {
  ResultTypeBuilder rt;
  rt.add(a);
  rt.add(b);
  DType d = rt.result();
  if (op == Bin::Div && !isFloating(d)) d = DType::Float32;
  return d;
}

void checkBoolArith(Bin op, DType compute) {
  if (op == Bin::Sub && compute == DType::Bool)
    throw Error(ErrorKind::Type,
                "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or "
                "`logical_xor()` operator instead.");
}

// Applies `alpha` to the second operand of add/sub (other * alpha).
Value scaledOther(TensorState& state, const BoundArgs& a, DType compute, Value& holder) {
  // Of the binary rows only add/sub/rsub have a third argument: alpha.
  int alphaIdx = a.count == 3 ? 2 : -1;
  if (alphaIdx < 0) return a[1];
  const Value& alpha = a[alphaIdx];
  bool isOne = (alpha.isInt() && alpha.asInt() == 1) || (alpha.isFloat() && alpha.asFloat() == 1.0) ||
               (alpha.isBool() && alpha.asBool());
  if (isOne) return a[1];
  if (alpha.isFloat() && !isFloating(compute))
    throw Error(ErrorKind::Type, "For integral input tensors, argument alpha must not be a floating point number.");
  if (alpha.isBool() == false && compute == DType::Bool)
    throw Error(ErrorKind::Type, "Boolean alpha only supported for Boolean results.");
  checkScalarFits(alpha, compute);  // Note [Checked scalar conversion]
  if (!a[1].isTensor()) {
    if (isFloating(compute)) {
      holder = Value::number(scalarAs<double>(a[1]) * scalarAs<double>(alpha));
    } else {  // wraps like the tensor product would
      uint64_t product = static_cast<uint64_t>(scalarAs<int64_t>(a[1])) * static_cast<uint64_t>(scalarAs<int64_t>(alpha));
      holder = Value::integer(static_cast<int64_t>(product));
    }
    return holder;
  }
  const TensorObject& other = tensorArg(a, 1);
  auto scaled = allocTensor(state, compute, other.sizes());
  Operand x{contiguousOrSame(state, other, compute), Value()};
  Operand y{Ref<TensorObject>(), alpha};
  runBinary<Bin::Mul>(*scaled, compute, x, y);
  holder = Value(scaled);
  return holder;
}

template <Bin op>
Value binaryFunctional(TensorState& state, const BoundArgs& a, bool reversed = false) {
  MetaResult r = runMeta(a);
  DType compute = computeDTypeFor(op, a[0], a[1]);
  checkBoolArith(op, compute);
  Value holder;
  Value other = scaledOther(state, a, compute, holder);
  Operand x = prepare(state, a[0], compute), y = prepare(state, other, compute);
  const TensorMeta& om = r.out[0];
  auto out = allocLike(state, om);
  if (om.dtype == (isComparisonOp(op) ? DType::Bool : compute)) {
    if (reversed) runBinary<op>(*out, compute, y, x);
    else runBinary<op>(*out, compute, x, y);
  } else {
    TensorMeta tm = om;
    tm.dtype = compute;
    auto tmp = allocLike(state, tm);
    if (reversed) runBinary<op>(*tmp, compute, y, x);
    else runBinary<op>(*tmp, compute, x, y);
    copyInto(*out, *tmp);
  }
  return Value(out);
}

template <Bin op>
Value binaryInplace(TensorState& state, const BoundArgs& a) {
  // What the meta rule checks, without copying metadata.
  const DType compute = meta::checkBinaryInplace(a, op == Bin::Div);
  TensorObject& self = *asTensor(a[0]);
  checkNoInternalOverlap(self);
  if (a[1].isTensor()) checkNoPartialOverlap(self, tensorArg(a, 1));
  checkBoolArith(op, compute);
  Value holder;
  Value other = scaledOther(state, a, compute, holder);
  if (self.dtype() == compute) {
    if (!other.isTensor() && self.numel() == 1) {
      // One element and a Python number: no iteration plan needed.
      withDType(compute, [&](auto tag) {
        using T = decltype(tag);
        T* p = self.data<T>();
        *p = static_cast<T>(apply<op, T>(*p, scalarAs<T>(other)));
      });
      return a[0];
    }
    Operand x{Ref<TensorObject>(&self), Value()};
    Operand y = prepare(state, other, compute);
    runBinary<op>(self, compute, x, y);
  } else {
    Operand x = prepare(state, a[0], compute), y = prepare(state, other, compute);
    auto tmp = allocTensor(state, compute, self.sizes());
    runBinary<op>(*tmp, compute, x, y);
    copyInto(self, *tmp);
  }
  return a[0];
}

// ---------------------------------------------------------------------------
// Unary.

// The SLEEF function of a unary op, whose contiguous rows go through
// math_arrays.h (vector lanes; the same bits as one element at a time).
constexpr int kNoMathFn = -1;
constexpr int sleefMathOf(Un op) {
  return op == Un::Exp ? static_cast<int>(MathFn::Exp) : op == Un::Log ? static_cast<int>(MathFn::Log)
       : op == Un::Sin ? static_cast<int>(MathFn::Sin) : op == Un::Cos ? static_cast<int>(MathFn::Cos)
       : op == Un::Tanh ? static_cast<int>(MathFn::Tanh) : kNoMathFn;
}

template <Un op>
void runUnary(const TensorObject& out, const TensorObject& in) {
  ElementwisePlan plan;
  plan.addOperand(out.dataPtr(), out.meta, out.sizes());
  plan.addOperand(in.dataPtr(), in.meta, out.sizes());
  plan.coalesce();
  withDType(in.dtype(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (sleefMathOf(op) != kNoMathFn && std::is_floating_point<T>::value) {
      plan.forEachRow([&](char** p, const int64_t* s, int64_t n) {
        if (s[0] == sizeof(T) && s[1] == sizeof(T)) {
          scalar_math::mapContiguous(static_cast<MathFn>(sleefMathOf(op)), reinterpret_cast<const T*>(p[1]),
                                     reinterpret_cast<T*>(p[0]), n);
        } else {
          for (int64_t i = 0; i < n; ++i)
            *reinterpret_cast<T*>(p[0] + i * s[0]) = applyUnary<op, T>(*reinterpret_cast<const T*>(p[1] + i * s[1]));
        }
      });
    } else if constexpr (op == Un::LogicalNot) {
      unaryLoop<bool, T>(plan, [](T x) { return applyUnary<op, T>(x); });
    } else if constexpr (floatResult(op) && !std::is_floating_point<T>::value) {
      TDSL_ASSERT(false);  // inputs are converted to float first
    } else if constexpr ((op == Un::Neg || op == Un::Relu) && std::is_same<T, bool>::value) {
      TDSL_ASSERT(false);  // rejected before
    } else {
      unaryLoop<T, T>(plan, [](T x) { return static_cast<T>(applyUnary<op, T>(x)); });
    }
  });
}

template <Un op>
void checkUnaryInput(DType d) {
  if (op == Un::Neg && d == DType::Bool)
    throw Error(ErrorKind::Type,
                "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, "
                "use the `~` or `logical_not()` operator instead.");
  if (op == Un::Relu && d == DType::Bool)
    throw Error(ErrorKind::Type, "\"clamp_min_cpu\" not implemented for 'Bool'");
}

template <Un op>
Value unaryFunctional(TensorState& state, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  const TensorObject& self = tensorArg(a, 0);
  checkUnaryInput<op>(self.dtype());
  auto out = allocLike(state, r.out[0]);
  DType inType = op == Un::LogicalNot ? self.dtype() : r.out[0].dtype;
  Ref<TensorObject> in = contiguousOrSame(state, self, inType);
  runUnary<op>(*out, *in);
  return Value(out);
}

template <Un op>
Value unaryInplace(TensorState& state, const BoundArgs& a) {
  runMeta(a);
  TensorObject& self = *asTensor(a[0]);
  checkUnaryInput<op>(self.dtype());
  checkNoInternalOverlap(self);
  runUnary<op>(self, self);
  return a[0];
}

}  // namespace

#define TDSL_BINARY_KERNELS(name, op)                                                              \
  OpResults name(TensorState& s, const BoundArgs& a) { return binaryFunctional<Bin::op>(s, a); }      \
  OpResults name##_(TensorState& s, const BoundArgs& a) { return binaryInplace<Bin::op>(s, a); }
TDSL_BINARY_KERNELS(add, Add)
TDSL_BINARY_KERNELS(sub, Sub)
TDSL_BINARY_KERNELS(mul, Mul)
TDSL_BINARY_KERNELS(div, Div)
TDSL_BINARY_KERNELS(remainder, Rem)
TDSL_BINARY_KERNELS(floor_divide, FloorDiv)
TDSL_BINARY_KERNELS(pow, Pow)
#undef TDSL_BINARY_KERNELS

OpResults rsub(TensorState& s, const BoundArgs& a) {
  // other - alpha * self: swap the operands, then subtract.
  BoundArgs swapped = a;
  swapped[0] = a[1];
  swapped[1] = a[0];
  if (!swapped[0].isTensor()) {
    // Scalar - tensor: compute as (-alpha * self) + other would round differently;
    // keep PyTorch's order by subtracting from the scalar directly.
    MetaResult r = runMeta(a);
    DType compute = computeDTypeFor(Bin::Sub, a[0], a[1]);
    checkBoolArith(Bin::Sub, compute);
    Value holder;
    BoundArgs scaledArgs = a;  // alpha scales self here
    scaledArgs[1] = a[0];
    Value self = scaledOther(s, scaledArgs, compute, holder);
    Operand x = prepare(s, a[1], compute), y = prepare(s, self, compute);
    auto out = allocLike(s, r.out[0]);
    runBinary<Bin::Sub>(*out, compute, x, y);
    return Value(out);
  }
  return binaryFunctional<Bin::Sub>(s, swapped);
}

OpResults maximum(TensorState& s, const BoundArgs& a) { return binaryFunctional<Bin::Max>(s, a); }
OpResults minimum(TensorState& s, const BoundArgs& a) { return binaryFunctional<Bin::Min>(s, a); }
OpResults logical_and(TensorState& s, const BoundArgs& a) { return binaryFunctional<Bin::LAnd>(s, a); }
OpResults logical_or(TensorState& s, const BoundArgs& a) { return binaryFunctional<Bin::LOr>(s, a); }
OpResults logical_xor(TensorState& s, const BoundArgs& a) { return binaryFunctional<Bin::LXor>(s, a); }
namespace {
// binaryInplace checks only broadcast and cast (its eager fast path); the
// meta rule adds the bitwise dtype check.
template <Bin op>
Value bitwiseInplace(TensorState& s, const BoundArgs& a) {
  runMeta(a);
  return binaryInplace<op>(s, a);
}
}  // namespace

OpResults bitwise_and(TensorState& s, const BoundArgs& a) { return binaryFunctional<Bin::BitAnd>(s, a); }
OpResults bitwise_and_(TensorState& s, const BoundArgs& a) { return bitwiseInplace<Bin::BitAnd>(s, a); }
OpResults bitwise_or(TensorState& s, const BoundArgs& a) { return binaryFunctional<Bin::BitOr>(s, a); }
OpResults bitwise_or_(TensorState& s, const BoundArgs& a) { return bitwiseInplace<Bin::BitOr>(s, a); }
OpResults bitwise_xor(TensorState& s, const BoundArgs& a) { return binaryFunctional<Bin::BitXor>(s, a); }
OpResults bitwise_xor_(TensorState& s, const BoundArgs& a) { return bitwiseInplace<Bin::BitXor>(s, a); }
OpResults bitwise_left_shift(TensorState& s, const BoundArgs& a) { return binaryFunctional<Bin::Shl>(s, a); }
OpResults bitwise_left_shift_(TensorState& s, const BoundArgs& a) { return bitwiseInplace<Bin::Shl>(s, a); }
OpResults bitwise_right_shift(TensorState& s, const BoundArgs& a) { return binaryFunctional<Bin::Shr>(s, a); }
OpResults bitwise_right_shift_(TensorState& s, const BoundArgs& a) { return bitwiseInplace<Bin::Shr>(s, a); }

namespace {
// self = logical_op(self, other...) converted to self's dtype (logical_and_, logical_not_, ...):
// the functional kernel's bool result is copied back.
Value logicalInplace(TensorState& s, const BoundArgs& a, EagerFnRef functional) {
  runMeta(a);
  TensorObject& self = *asTensor(a[0]);
  checkNoInternalOverlap(self);
  if (a.count > 1 && a[1].isTensor()) checkNoPartialOverlap(self, tensorArg(a, 1));
  BoundArgs fa = a;
  fa.op = a.op->functionalKernel;  // its meta rule gives the bool result
  Value result = functional(s, fa)[0];
  copyInto(self, *asTensor(result));
  return a[0];
}
}  // namespace

OpResults logical_and_(TensorState& s, const BoundArgs& a) { return logicalInplace(s, a, logical_and); }
OpResults logical_or_(TensorState& s, const BoundArgs& a) { return logicalInplace(s, a, logical_or); }
OpResults logical_xor_(TensorState& s, const BoundArgs& a) { return logicalInplace(s, a, logical_xor); }
OpResults eq(TensorState& s, const BoundArgs& a) { return binaryFunctional<Bin::Eq>(s, a); }
OpResults ne(TensorState& s, const BoundArgs& a) { return binaryFunctional<Bin::Ne>(s, a); }
OpResults lt(TensorState& s, const BoundArgs& a) { return binaryFunctional<Bin::Lt>(s, a); }
OpResults le(TensorState& s, const BoundArgs& a) { return binaryFunctional<Bin::Le>(s, a); }
OpResults gt(TensorState& s, const BoundArgs& a) { return binaryFunctional<Bin::Gt>(s, a); }
OpResults ge(TensorState& s, const BoundArgs& a) { return binaryFunctional<Bin::Ge>(s, a); }

#define TDSL_UNARY_KERNELS(name, op)                                                          \
  OpResults name(TensorState& s, const BoundArgs& a) { return unaryFunctional<Un::op>(s, a); }    \
  OpResults name##_(TensorState& s, const BoundArgs& a) { return unaryInplace<Un::op>(s, a); }
TDSL_UNARY_KERNELS(neg, Neg)
TDSL_UNARY_KERNELS(abs, Abs)
TDSL_UNARY_KERNELS(exp, Exp)
TDSL_UNARY_KERNELS(log, Log)
TDSL_UNARY_KERNELS(sin, Sin)
TDSL_UNARY_KERNELS(cos, Cos)
TDSL_UNARY_KERNELS(tanh, Tanh)
TDSL_UNARY_KERNELS(sqrt, Sqrt)
TDSL_UNARY_KERNELS(sigmoid, Sigmoid)
TDSL_UNARY_KERNELS(reciprocal, Reciprocal)
TDSL_UNARY_KERNELS(relu, Relu)
TDSL_UNARY_KERNELS(floor, Floor)
TDSL_UNARY_KERNELS(ceil, Ceil)
TDSL_UNARY_KERNELS(round, Round)
#undef TDSL_UNARY_KERNELS
OpResults logical_not(TensorState& s, const BoundArgs& a) { return unaryFunctional<Un::LogicalNot>(s, a); }
OpResults bitwise_not(TensorState& s, const BoundArgs& a) { return unaryFunctional<Un::BitwiseNot>(s, a); }
OpResults bitwise_not_(TensorState& s, const BoundArgs& a) { return unaryInplace<Un::BitwiseNot>(s, a); }
OpResults logical_not_(TensorState& s, const BoundArgs& a) { return logicalInplace(s, a, logical_not); }

// ---------------------------------------------------------------------------
// clamp, where, fill, zero, copy.

namespace {

void runClamp(TensorState& state, const TensorObject& out, const TensorObject& in, const Value& lo, const Value& hi,
              DType compute) {
  Ref<TensorObject> src = contiguousOrSame(state, in, compute);
  ElementwisePlan plan;
  plan.interrupt = state.interrupt;
  plan.addOperand(out.dataPtr(), out.meta, out.sizes());
  plan.addOperand(src->dataPtr(), src->meta, out.sizes());
  plan.coalesce();
  withDType(compute, [&](auto tag) {
    using T = decltype(tag);
    bool hasLo = !lo.isNone(), hasHi = !hi.isNone();
    T l = hasLo ? checkedScalarAs<T>(lo) : T(), h = hasHi ? checkedScalarAs<T>(hi) : T();
    unaryLoop<T, T>(plan, [=](T x) { return clampOf(x, hasLo, l, hasHi, h); });
  });
}

DType clampType(const BoundArgs& a) {
  ResultTypeBuilder rt;
  rt.add(a[0]);
  rt.add(a[1]);
  rt.add(a[2]);
  return rt.result();
}

void fillWith(const TensorObject& t, const Value& v) {
  ElementwisePlan plan;
  plan.addOperand(t.dataPtr(), t.meta, t.sizes());
  plan.coalesce();
  withDType(t.dtype(), [&](auto tag) {
    using T = decltype(tag);
    T x = checkedScalarAs<T>(v);
    plan.forEachRow([&](char** p, const int64_t* s, int64_t n) {
      for (int64_t i = 0; i < n; ++i) *reinterpret_cast<T*>(p[0] + i * s[0]) = x;
    });
  });
}

Value fillValue(const Value& v) {
  if (v.isTensor()) {
    const TensorObject& t = *asTensor(v);
    if (t.dim() != 0)
      throw Error(ErrorKind::Runtime, "fill_ only supports 0-dimension value tensor but got tensor with " +
                                        std::to_string(t.dim()) + " dimensions.");
    if (isFloating(t.dtype())) return Value::number(readAsDouble(t, 0));
    if (t.dtype() == DType::Bool) return Value::boolean(readAsInt(t, 0) != 0);
    return Value::integer(readAsInt(t, 0));
  }
  return v;
}

}  // namespace

OpResults clamp(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  auto out = allocLike(s, r.out[0]);
  runClamp(s, *out, tensorArg(a, 0), a[1], a[2], r.out[0].dtype);
  return Value(out);
}

OpResults clamp_(TensorState& s, const BoundArgs& a) {
  runMeta(a);
  TensorObject& self = *asTensor(a[0]);
  checkNoInternalOverlap(self);
  DType compute = clampType(a);
  if (compute == self.dtype()) {
    runClamp(s, self, self, a[1], a[2], compute);
  } else {
    auto tmp = allocTensor(s, compute, self.sizes());
    runClamp(s, *tmp, self, a[1], a[2], compute);
    copyInto(self, *tmp);
  }
  return a[0];
}

OpResults where(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  const TensorMeta& om = r.out[0];
  DType compute = om.dtype;
  auto out = allocLike(s, om);
  const TensorObject& cond = tensorArg(a, 0);
  Ref<TensorObject> x = a[1].isTensor() ? contiguousOrSame(s, tensorArg(a, 1), compute) : scalarTensor(s, a[1], compute);
  Ref<TensorObject> y = a[2].isTensor() ? contiguousOrSame(s, tensorArg(a, 2), compute) : scalarTensor(s, a[2], compute);
  ElementwisePlan plan;
  plan.interrupt = s.interrupt;
  plan.addOperand(out->dataPtr(), out->meta, om.sizes);
  plan.addOperand(cond.dataPtr(), cond.meta, om.sizes);
  plan.addOperand(x->dataPtr(), x->meta, om.sizes);
  plan.addOperand(y->dataPtr(), y->meta, om.sizes);
  plan.coalesce();
  withDType(compute, [&](auto tag) {
    using T = decltype(tag);
    plan.forEachRow([&](char** p, const int64_t* st, int64_t n) {
      for (int64_t i = 0; i < n; ++i) {
        bool c = *reinterpret_cast<const bool*>(p[1] + i * st[1]);
        *reinterpret_cast<T*>(p[0] + i * st[0]) =
            c ? *reinterpret_cast<const T*>(p[2] + i * st[2]) : *reinterpret_cast<const T*>(p[3] + i * st[3]);
      }
    });
  });
  return Value(out);
}

OpResults fill(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  auto out = allocLike(s, r.out[0]);
  fillWith(*out, fillValue(a[1]));
  return Value(out);
}

OpResults fill_(TensorState& s, const BoundArgs& a) {
  runMeta(a);
  TensorObject& self = *asTensor(a[0]);
  checkNoInternalOverlap(self);
  fillWith(self, fillValue(a[1]));
  return a[0];
}

OpResults zero(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  return Value(allocLike(s, r.out[0], /*zero=*/true));
}

OpResults zero_(TensorState& s, const BoundArgs& a) {
  TensorObject& self = *asTensor(a[0]);
  checkNoInternalOverlap(self);
  fillWith(self, Value::integer(0));
  return a[0];
}

OpResults copy(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  auto out = allocLike(s, r.out[0]);
  copyInto(*out, tensorArg(a, 1));
  return Value(out);
}

OpResults copy_(TensorState& s, const BoundArgs& a) {
  runMeta(a);
  TensorObject& self = *asTensor(a[0]);
  const TensorObject& src = tensorArg(a, 1);
  checkNoInternalOverlap(self);
  if (self.storage == src.storage && self.meta.offset == src.meta.offset && self.sizes() == src.sizes() &&
      self.strides() == src.strides() && self.dtype() == src.dtype())
    return a[0];  // copying a view onto itself (x[1:4] += 10 then setitem)
  checkNoPartialOverlap(self, src);
  if (src.storage == self.storage && src.dtype() == self.dtype()) {
    copyIntoInOrder(self, src);  // "too hard" layouts, in place as PyTorch (Note [Overlapping copy order])
  } else {
    copyInto(self, src);
  }
  return a[0];
}

// ---------------------------------------------------------------------------
// equal / isclose / allclose.

namespace {
// isclose's result for the bound (self, other, rtol, atol, equal_nan), shaped `om`.
Value iscloseOf(TensorState& s, const BoundArgs& a, const TensorMeta& om) {
  const TensorObject& x = tensorArg(a, 0);
  const TensorObject& y = tensorArg(a, 1);
  if (x.dtype() != y.dtype())
    throw Error(ErrorKind::Type, scalarName(x.dtype()) + " did not match " + scalarName(y.dtype()));
  double rtol = floatArg(a, 2), atol = floatArg(a, 3);
  bool equalNan = boolArg(a, 4);
  auto out = allocLike(s, om);
  Ref<TensorObject> xd = contiguousOrSame(s, x, DType::Float64), yd = contiguousOrSame(s, y, DType::Float64);
  ElementwisePlan plan;
  plan.interrupt = s.interrupt;
  plan.addOperand(out->dataPtr(), out->meta, out->sizes());
  plan.addOperand(xd->dataPtr(), xd->meta, out->sizes());
  plan.addOperand(yd->dataPtr(), yd->meta, out->sizes());
  plan.coalesce();
  binaryLoop<bool, double>(plan, [=](double p, double q) { return isCloseOf(p, q, rtol, atol, equalNan); });
  return Value(out);
}
}  // namespace

OpResults isclose(TensorState& s, const BoundArgs& a) { return iscloseOf(s, a, runMeta(a).out[0]); }

OpResults equal(TensorState& s, const BoundArgs& a) {
  const TensorObject& x = tensorArg(a, 0);
  const TensorObject& y = tensorArg(a, 1);
  if (x.sizes() != y.sizes()) return Value::boolean(false);
  if (x.dtype() != y.dtype()) return Value::boolean(false);
  int64_t n = x.numel();
  bool floating = isFloating(x.dtype());
  for (int64_t i = 0; i < n; ++i) {
    if ((i & (kInterruptGrain - 1)) == kInterruptGrain - 1) pollInterrupt(s);
    if (floating ? readAsDouble(x, i) != readAsDouble(y, i) : readAsInt(x, i) != readAsInt(y, i))
      return Value::boolean(false);
  }
  return Value::boolean(true);
}

OpResults allclose(TensorState& s, const BoundArgs& a) {
  runMeta(a);
  MetaResult r;
  meta::comparison(a, r);  // isclose's rule
  Value close = iscloseOf(s, a, r.out[0]);
  const TensorObject& t = *asTensor(close);
  const bool* p = t.data<bool>();
  for (int64_t i = 0; i < t.numel(); ++i)
    if (!p[i]) return Value::boolean(false);
  return Value::boolean(true);
}

}  // namespace tdsl::kernels
