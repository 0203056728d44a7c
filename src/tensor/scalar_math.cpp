// Transcendentals through SLEEF's deterministic scalar build of the host's
// family (scalar_math.h, Note [SLEEF families] in sleef_table.h).
#include "tensor/scalar_math.h"

#include <cmath>
#include <type_traits>

#include "tensor/sleef_table.h"

namespace tdsl::scalar_math {

namespace {

// The lane function of the host's family (Note [SLEEF families]).
template <class T>
T lane(MathFn f, T x) {
  return sleefAs<T (*)(T)>(sleefEntry(f, std::is_same<T, double>::value, SleefWidth::Lane))(x);
}
template <class T>
T lane(MathFn f, T x, T y) {
  return sleefAs<T (*)(T, T)>(sleefEntry(f, std::is_same<T, double>::value, SleefWidth::Lane))(x, y);
}

}  // namespace

#define TDSL_SLEEF_LANE(name, fn)                            \
  float name(float x) { return lane(MathFn::fn, x); }        \
  double name(double x) { return lane(MathFn::fn, x); }
TDSL_SLEEF_LANE(exp, Exp)
TDSL_SLEEF_LANE(expm1, Expm1)
TDSL_SLEEF_LANE(log, Log)
TDSL_SLEEF_LANE(log2, Log2)
TDSL_SLEEF_LANE(log10, Log10)
TDSL_SLEEF_LANE(log1p, Log1p)
TDSL_SLEEF_LANE(sin, Sin)
TDSL_SLEEF_LANE(cos, Cos)
TDSL_SLEEF_LANE(tan, Tan)
TDSL_SLEEF_LANE(asin, Asin)
TDSL_SLEEF_LANE(acos, Acos)
TDSL_SLEEF_LANE(atan, Atan)
TDSL_SLEEF_LANE(sinh, Sinh)
TDSL_SLEEF_LANE(cosh, Cosh)
TDSL_SLEEF_LANE(tanh, Tanh)
TDSL_SLEEF_LANE(erf, Erf)
#undef TDSL_SLEEF_LANE
float pow(float x, float y) { return lane(MathFn::Pow, x, y); }
double pow(double x, double y) { return lane(MathFn::Pow, x, y); }
float atan2(float y, float x) { return lane(MathFn::Atan2, y, x); }
double atan2(double y, double x) { return lane(MathFn::Atan2, y, x); }

// libm's, as PyTorch 1.13's CPU kernels (scalar_math.h).
float exp2(float x) { return static_cast<float>(std::exp2(static_cast<double>(x))); }
double exp2(double x) { return std::exp2(x); }
float asinh(float x) { return std::asinh(x); }
double asinh(double x) { return std::asinh(x); }
float acosh(float x) { return std::acosh(x); }
double acosh(double x) { return std::acosh(x); }
float atanh(float x) { return std::atanh(x); }
double atanh(double x) { return std::atanh(x); }

}  // namespace tdsl::scalar_math
