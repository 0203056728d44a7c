// The one implementation of each transcendental function used by the eager
// kernels and by JIT kernels (Note [SLEEF calls] in jit/sleef_calls.h), so
// both paths compute the same bits. float32 inputs compute in float32, like PyTorch's CPU kernels.
//
// Note [SLEEF numerics]
// Every function here is the one-lane function of SLEEF's deterministic
// family the host uses (Note [SLEEF families] in sleef_table.h: cinz purec,
// or finz purecfma on CPUs with AVX2 and FMA). The family's vector variants
// run the same operations in the same order, so each lane of their vectors
// equals this scalar result bit for bit (tests/unit/test_sleef_agreement.cpp
// checks it over special and random inputs). Accuracy is PyTorch's choice for its vectorized kernels:
// 1.0 ulp (u10) everywhere. exp2, asinh, acosh and atanh are the
// exceptions: PyTorch 1.13 computes them with libm (exp2 of a float in
// double), so they do too, here, and are not SLEEF's (math_fn.h does not
// list them, so JIT kernels do not compute them).
// sqrt stays the IEEE instruction (correctly rounded); sigmoid is
// 1 / (1 + exp(-x)) as in PyTorch.
#pragma once

#include <cmath>

namespace tdsl::scalar_math {

#define TDSL_SCALAR_MATH_UNARY(name) \
  float name(float x);               \
  double name(double x);
TDSL_SCALAR_MATH_UNARY(exp)
TDSL_SCALAR_MATH_UNARY(exp2)
TDSL_SCALAR_MATH_UNARY(expm1)
TDSL_SCALAR_MATH_UNARY(log)
TDSL_SCALAR_MATH_UNARY(log2)
TDSL_SCALAR_MATH_UNARY(log10)
TDSL_SCALAR_MATH_UNARY(log1p)
TDSL_SCALAR_MATH_UNARY(sin)
TDSL_SCALAR_MATH_UNARY(cos)
TDSL_SCALAR_MATH_UNARY(tan)
TDSL_SCALAR_MATH_UNARY(asin)
TDSL_SCALAR_MATH_UNARY(acos)
TDSL_SCALAR_MATH_UNARY(atan)
TDSL_SCALAR_MATH_UNARY(sinh)
TDSL_SCALAR_MATH_UNARY(cosh)
TDSL_SCALAR_MATH_UNARY(tanh)
TDSL_SCALAR_MATH_UNARY(asinh)
TDSL_SCALAR_MATH_UNARY(acosh)
TDSL_SCALAR_MATH_UNARY(atanh)
TDSL_SCALAR_MATH_UNARY(erf)
#undef TDSL_SCALAR_MATH_UNARY
float pow(float x, float y);
double pow(double x, double y);
float atan2(float y, float x);
double atan2(double y, double x);

inline float sqrt(float x) { return std::sqrt(x); }
inline double sqrt(double x) { return std::sqrt(x); }
template <class T>
T sigmoid(T x) { return T(1) / (T(1) + scalar_math::exp(-x)); }

}  // namespace tdsl::scalar_math
