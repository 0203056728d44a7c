// Eager kernels for the later pointwise families: value tests, more unary
// math, nan_to_num, fmod, atan2 and lerp. Inputs are read in the
// computation dtype (the meta rule's result dtype); in-place twins write
// self, through a temporary when self's dtype differs from the computation's.
#include <cmath>
#include <limits>
#include <type_traits>

#include "tensor/kernels/lanes.h"
#include "tensor/op_kernels_extra.h"
#include "tensor/op_meta.h"
#include "tensor/math_arrays.h"
#include "tensor/promotion.h"
#include "tensor/scalar_math.h"

namespace tdsl::kernels {

namespace {

enum class Test { Nan, Inf, PosInf, NegInf, Finite };

template <Test t>
OpResults classify(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  const TensorObject& self = tensorArg(a, 0);
  auto out = allocLike(s, r.out[0]);
  withDType(self.dtype(), [&](auto tag) {
    using T = decltype(tag);
    mapUnary<bool, T>(*out, self, [](T x) {
      if constexpr (!std::is_floating_point<T>::value) {
        return t == Test::Finite;
      } else {
        switch (t) {
          case Test::Nan: return std::isnan(x);
          case Test::Inf: return std::isinf(x);
          case Test::PosInf: return std::isinf(x) && x > 0;
          case Test::NegInf: return std::isinf(x) && x < 0;
          case Test::Finite: break;
        }
        return static_cast<bool>(std::isfinite(x));
      }
    });
  });
  return Value(out);
}

// Applies F (a functor template over the element type) from `in` into `out`, both of dtype d.
// A functor with a member kMath (a MathFn) is SLEEF's function: contiguous
// rows go through math_arrays.h (vector lanes, the same bits).
template <class G, class = void>
struct HasMathFn : std::false_type {};
template <class G>
struct HasMathFn<G, std::void_t<decltype(G::kMath)>> : std::true_type {};

template <template <class> class F>
void applyUnary(const TensorObject& out, const TensorObject& in) {
  withDType(out.dtype(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (HasMathFn<F<T>>::value && std::is_floating_point<T>::value) {
      ElementwisePlan plan;
      plan.addOperand(out.dataPtr(), out.meta, out.sizes());
      plan.addOperand(in.dataPtr(), in.meta, out.sizes());
      plan.coalesce();
      plan.forEachRow([&](char** p, const int64_t* s, int64_t n) {
        if (s[0] == sizeof(T) && s[1] == sizeof(T)) {
          scalar_math::mapContiguous(F<T>::kMath, reinterpret_cast<const T*>(p[1]), reinterpret_cast<T*>(p[0]), n);
        } else {
          for (int64_t i = 0; i < n; ++i)
            *reinterpret_cast<T*>(p[0] + i * s[0]) = F<T>{}(*reinterpret_cast<const T*>(p[1] + i * s[1]));
        }
      });
    } else {
      mapUnary<T, T>(out, in, F<T>{});
    }
  });
}

template <template <class> class F>
OpResults unaryFunctional(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  auto out = allocLike(s, r.out[0]);
  applyUnary<F>(*out, *contiguousOrSame(s, tensorArg(a, 0), r.out[0].dtype));
  return Value(out);
}

template <template <class> class F>
OpResults unaryInplace(TensorState& s, const BoundArgs& a) {
  runMeta(a);
  TensorObject& self = *asTensor(a[0]);
  checkNoInternalOverlap(self);
  applyUnary<F>(self, self);
  return a[0];
}

template <class T> struct Sign {
  T operator()(T x) const {
    if constexpr (std::is_same<T, bool>::value) return x;
    else return static_cast<T>((T(0) < x) - (x < T(0)));
  }
};
template <class T> struct Trunc {
  T operator()(T x) const {
    if constexpr (std::is_floating_point<T>::value) return std::trunc(x);
    else return x;
  }
};
template <class T> struct Frac {
  T operator()(T x) const {
    if constexpr (std::is_floating_point<T>::value) return x - std::trunc(x);
    else return x;
  }
};
template <class T> struct Square {
  T operator()(T x) const {
    if constexpr (std::is_same<T, bool>::value) return x;
    else if constexpr (std::is_integral<T>::value) {
      using U = std::make_unsigned_t<T>;
      return static_cast<T>(static_cast<U>(x) * static_cast<U>(x));
    } else {
      return x * x;
    }
  }
};

// Floating-only math (integral inputs were converted to float by the meta
// rule's dtype). rsqrt is computed in double and rounded once; the
// transcendentals are scalar_math's, in the element's own dtype (Note [SLEEF
// numerics]), as PyTorch's vectorized kernels compute them.
#define TDSL_FLOAT_FUNCTOR(Name, expr)                                     \
  template <class T> struct Name {                                         \
    T operator()(T in) const {                                             \
      if constexpr (std::is_floating_point<T>::value) {                    \
        const auto x = in;                                                 \
        return static_cast<T>(expr);                                       \
      } else {                                                             \
        return in;                                                         \
      }                                                                    \
    }                                                                      \
  };
TDSL_FLOAT_FUNCTOR(Rsqrt, 1.0 / std::sqrt(static_cast<double>(x)))
TDSL_FLOAT_FUNCTOR(Exp2, scalar_math::exp2(x))
#undef TDSL_FLOAT_FUNCTOR
#define TDSL_SLEEF_FUNCTOR(Name, fn)                                       \
  template <class T> struct Name {                                         \
    static constexpr MathFn kMath = MathFn::Name;                          \
    T operator()(T in) const {                                             \
      if constexpr (std::is_floating_point<T>::value) return scalar_math::fn(in); \
      else return in;                                                      \
    }                                                                      \
  };
TDSL_SLEEF_FUNCTOR(Expm1, expm1)
TDSL_SLEEF_FUNCTOR(Log1p, log1p)
TDSL_SLEEF_FUNCTOR(Log2, log2)
TDSL_SLEEF_FUNCTOR(Log10, log10)
TDSL_SLEEF_FUNCTOR(Tan, tan)
TDSL_SLEEF_FUNCTOR(Asin, asin)
TDSL_SLEEF_FUNCTOR(Acos, acos)
TDSL_SLEEF_FUNCTOR(Atan, atan)
TDSL_SLEEF_FUNCTOR(Sinh, sinh)
TDSL_SLEEF_FUNCTOR(Erf, erf)
#undef TDSL_SLEEF_FUNCTOR

// A binary op's operand read in `compute`: a tensor, or a Python number as a 0-dim tensor.
Ref<TensorObject> operand(TensorState& s, const Value& v, DType compute) {
  if (v.isTensor()) return contiguousOrSame(s, *asTensor(v), compute);
  return scalarTensor(s, v, compute);
}

template <class T>
T fmodOf(T x, T y) {
  if constexpr (std::is_floating_point<T>::value) {
    return std::fmod(x, y);
  } else if constexpr (std::is_same<T, bool>::value) {
    if (!y) throw Error(ErrorKind::Runtime, "ZeroDivisionError");
    return false;
  } else {
    if (y == 0) throw Error(ErrorKind::Runtime, "ZeroDivisionError");
    if (y == -1) return 0;  // INT_MIN % -1 is undefined in C++
    return static_cast<T>(x % y);
  }
}

enum class Bin2 { Fmod, Atan2 };

template <Bin2 op>
void runBinary2(const TensorObject& out, const TensorObject& x, const TensorObject& y) {
  withDType(out.dtype(), [&](auto tag) {
    using T = decltype(tag);
    mapBinary<T, T>(out, x, y, [](T p, T q) {
      if constexpr (op == Bin2::Fmod) return fmodOf(p, q);
      else if constexpr (std::is_floating_point<T>::value) return scalar_math::atan2(p, q);
      else return p;
    });
  });
}

template <Bin2 op>
OpResults binaryFunctional2(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  const DType d = r.out[0].dtype;
  auto out = allocLike(s, r.out[0]);
  runBinary2<op>(*out, *operand(s, a[0], d), *operand(s, a[1], d));
  return Value(out);
}

}  // namespace

OpResults isnan(TensorState& s, const BoundArgs& a) { return classify<Test::Nan>(s, a); }
OpResults isinf(TensorState& s, const BoundArgs& a) { return classify<Test::Inf>(s, a); }
OpResults isposinf(TensorState& s, const BoundArgs& a) { return classify<Test::PosInf>(s, a); }
OpResults isneginf(TensorState& s, const BoundArgs& a) { return classify<Test::NegInf>(s, a); }
OpResults isfinite(TensorState& s, const BoundArgs& a) { return classify<Test::Finite>(s, a); }

#define TDSL_UNARY_PAIR(name, F)                                                                  \
  OpResults name(TensorState& s, const BoundArgs& a) { return unaryFunctional<F>(s, a); }        \
  OpResults name##_(TensorState& s, const BoundArgs& a) { return unaryInplace<F>(s, a); }
TDSL_UNARY_PAIR(sign, Sign)
TDSL_UNARY_PAIR(trunc, Trunc)
TDSL_UNARY_PAIR(frac, Frac)
TDSL_UNARY_PAIR(square, Square)
TDSL_UNARY_PAIR(rsqrt, Rsqrt)
TDSL_UNARY_PAIR(exp2, Exp2)
TDSL_UNARY_PAIR(expm1, Expm1)
TDSL_UNARY_PAIR(log1p, Log1p)
TDSL_UNARY_PAIR(log2, Log2)
TDSL_UNARY_PAIR(log10, Log10)
TDSL_UNARY_PAIR(tan, Tan)
TDSL_UNARY_PAIR(asin, Asin)
TDSL_UNARY_PAIR(acos, Acos)
TDSL_UNARY_PAIR(atan, Atan)
TDSL_UNARY_PAIR(sinh, Sinh)
TDSL_UNARY_PAIR(erf, Erf)
#undef TDSL_UNARY_PAIR

namespace {
// nan_to_num of a floating `in` into `out`: NaN, +inf and -inf become the
// given numbers (None: 0, the dtype's largest and lowest finite values),
// each static_cast to T as PyTorch's nan_to_num_kernel does (1e40 is inf
// in float32); false for an integral or bool dtype, which has none.
bool replaceNonFinite(const TensorObject& out, const TensorObject& in, const BoundArgs& a) {
  return withDType(out.dtype(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (!std::is_floating_point<T>::value) {
      return false;
    } else {
      using L = std::numeric_limits<T>;
      const T nan = a.isNone(1) ? T(0) : static_cast<T>(floatArg(a, 1));
      const T posinf = a.isNone(2) ? L::max() : static_cast<T>(floatArg(a, 2));
      const T neginf = a.isNone(3) ? L::lowest() : static_cast<T>(floatArg(a, 3));
      mapUnary<T, T>(out, in, [=](T x) {
        return x != x ? nan : x == L::infinity() ? posinf : x == -L::infinity() ? neginf : x;
      });
      return true;
    }
  });
}
}  // namespace

OpResults nan_to_num(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  const TensorObject& self = tensorArg(a, 0);
  auto out = allocLike(s, r.out[0]);
  if (!replaceNonFinite(*out, self, a)) copyInto(*out, self);  // integral: a copy, as PyTorch's
  return Value(out);
}

OpResults nan_to_num_(TensorState& s, const BoundArgs& a) {
  runMeta(a);
  TensorObject& self = *asTensor(a[0]);
  if (!isFloating(self.dtype())) return a[0];  // PyTorch copies self onto itself: nothing to do
  checkNoInternalOverlap(self);
  replaceNonFinite(self, self, a);
  return a[0];
}

namespace {
// clamp_min / clamp_max: x past the bound becomes the bound; NaN stays NaN.
template <bool isMin>
void clampTo(const TensorObject& out, const TensorObject& in, const Value& bound) {
  withDType(out.dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T b = scalarAs<T>(bound);
    mapUnary<T, T>(out, in, [b](T x) {
      if constexpr (std::is_floating_point<T>::value)
        if (x != x) return x;
      return isMin ? (x < b ? b : x) : (x > b ? b : x);
    });
  });
}

template <bool isMin>
OpResults clampBound(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  auto out = allocLike(s, r.out[0]);
  clampTo<isMin>(*out, *contiguousOrSame(s, tensorArg(a, 0), r.out[0].dtype), a[1]);
  return Value(out);
}

template <bool isMin>
OpResults clampBoundInplace(TensorState& s, const BoundArgs& a) {
  runMeta(a);
  TensorObject& self = *asTensor(a[0]);
  checkNoInternalOverlap(self);
  clampTo<isMin>(self, self, a[1]);
  return a[0];
}
}  // namespace

OpResults clamp_min(TensorState& s, const BoundArgs& a) { return clampBound<true>(s, a); }
OpResults clamp_min_(TensorState& s, const BoundArgs& a) { return clampBoundInplace<true>(s, a); }
OpResults clamp_max(TensorState& s, const BoundArgs& a) { return clampBound<false>(s, a); }
OpResults clamp_max_(TensorState& s, const BoundArgs& a) { return clampBoundInplace<false>(s, a); }

OpResults fmod(TensorState& s, const BoundArgs& a) { return binaryFunctional2<Bin2::Fmod>(s, a); }

OpResults fmod_(TensorState& s, const BoundArgs& a) {
  const DType compute = meta::checkBinaryInplace(a, false);
  TensorObject& self = *asTensor(a[0]);
  checkNoInternalOverlap(self);
  if (a[1].isTensor()) checkNoPartialOverlap(self, tensorArg(a, 1));
  Ref<TensorObject> x = operand(s, a[0], compute), y = operand(s, a[1], compute);
  if (compute == self.dtype() && x.get() == &self) {
    runBinary2<Bin2::Fmod>(self, self, *y);
  } else {
    auto tmp = allocTensor(s, compute, self.sizes());
    runBinary2<Bin2::Fmod>(*tmp, *x, *y);
    copyInto(self, *tmp);
  }
  return a[0];
}

OpResults atan2(TensorState& s, const BoundArgs& a) { return binaryFunctional2<Bin2::Atan2>(s, a); }

namespace {
// PyTorch's lerp: weight < 0.5 ? self + weight * (end - self) : end - (end - self) * (1 - weight).
template <class T>
T lerpOf(T self, T end, T weight) {
  if constexpr (std::is_floating_point<T>::value) {
    T diff = end - self;
    return std::abs(weight) < T(0.5) ? self + weight * diff : end - diff * (T(1) - weight);
  } else {
    return self;
  }
}

void runLerp(TensorState& s, const TensorObject& out, const BoundArgs& a) {
  const DType d = out.dtype();
  Ref<TensorObject> x = operand(s, a[0], d), e = operand(s, a[1], d), w = operand(s, a[2], d);
  ElementwisePlan plan;
  plan.addOperand(out.dataPtr(), out.meta, out.sizes());
  plan.addOperand(x->dataPtr(), x->meta, out.sizes());
  plan.addOperand(e->dataPtr(), e->meta, out.sizes());
  plan.addOperand(w->dataPtr(), w->meta, out.sizes());
  plan.coalesce();
  withDType(d, [&](auto tag) {
    using T = decltype(tag);
    plan.forEachRow([&](char** p, const int64_t* st, int64_t n) {
      for (int64_t i = 0; i < n; ++i)
        *reinterpret_cast<T*>(p[0] + i * st[0]) =
            lerpOf(*reinterpret_cast<const T*>(p[1] + i * st[1]), *reinterpret_cast<const T*>(p[2] + i * st[2]),
                   *reinterpret_cast<const T*>(p[3] + i * st[3]));
    });
  });
}
}  // namespace

OpResults lerp(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  auto out = allocLike(s, r.out[0]);
  runLerp(s, *out, a);
  return Value(out);
}

OpResults lerp_(TensorState& s, const BoundArgs& a) {
  runMeta(a);
  TensorObject& self = *asTensor(a[0]);
  checkNoInternalOverlap(self);
  for (int i : {1, 2})
    if (a[i].isTensor()) checkNoPartialOverlap(self, tensorArg(a, i));
  runLerp(s, self, a);
  return a[0];
}

}  // namespace tdsl::kernels
