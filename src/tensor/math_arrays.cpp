// Vectorized eager transcendentals (math_arrays.h).
#include "tensor/math_arrays.h"

#include <emmintrin.h>
#include <sleef.h>

#include "support/diagnostics.h"
#include "tensor/math_arrays_avx.h"
#include "tensor/scalar_math.h"

namespace tdsl::scalar_math {

namespace {

__m128 vec4(MathFn f, __m128 x) {
  switch (f) {
    case MathFn::Exp: return Sleef_cinz_expf4_u10sse2(x);
    case MathFn::Expm1: return Sleef_cinz_expm1f4_u10sse2(x);
    case MathFn::Log: return Sleef_cinz_logf4_u10sse2(x);
    case MathFn::Log2: return Sleef_cinz_log2f4_u10sse2(x);
    case MathFn::Log10: return Sleef_cinz_log10f4_u10sse2(x);
    case MathFn::Log1p: return Sleef_cinz_log1pf4_u10sse2(x);
    case MathFn::Sin: return Sleef_cinz_sinf4_u10sse2(x);
    case MathFn::Cos: return Sleef_cinz_cosf4_u10sse2(x);
    case MathFn::Tan: return Sleef_cinz_tanf4_u10sse2(x);
    case MathFn::Asin: return Sleef_cinz_asinf4_u10sse2(x);
    case MathFn::Acos: return Sleef_cinz_acosf4_u10sse2(x);
    case MathFn::Atan: return Sleef_cinz_atanf4_u10sse2(x);
    case MathFn::Sinh: return Sleef_cinz_sinhf4_u10sse2(x);
    case MathFn::Cosh: return Sleef_cinz_coshf4_u10sse2(x);
    case MathFn::Tanh: return Sleef_cinz_tanhf4_u10sse2(x);
    case MathFn::Erf: return Sleef_cinz_erff4_u10sse2(x);
    case MathFn::Pow:
    case MathFn::Atan2: break;
  }
  TDSL_ASSERT(false);
  return x;
}

__m128d vec2(MathFn f, __m128d x) {
  switch (f) {
    case MathFn::Exp: return Sleef_cinz_expd2_u10sse2(x);
    case MathFn::Expm1: return Sleef_cinz_expm1d2_u10sse2(x);
    case MathFn::Log: return Sleef_cinz_logd2_u10sse2(x);
    case MathFn::Log2: return Sleef_cinz_log2d2_u10sse2(x);
    case MathFn::Log10: return Sleef_cinz_log10d2_u10sse2(x);
    case MathFn::Log1p: return Sleef_cinz_log1pd2_u10sse2(x);
    case MathFn::Sin: return Sleef_cinz_sind2_u10sse2(x);
    case MathFn::Cos: return Sleef_cinz_cosd2_u10sse2(x);
    case MathFn::Tan: return Sleef_cinz_tand2_u10sse2(x);
    case MathFn::Asin: return Sleef_cinz_asind2_u10sse2(x);
    case MathFn::Acos: return Sleef_cinz_acosd2_u10sse2(x);
    case MathFn::Atan: return Sleef_cinz_atand2_u10sse2(x);
    case MathFn::Sinh: return Sleef_cinz_sinhd2_u10sse2(x);
    case MathFn::Cosh: return Sleef_cinz_coshd2_u10sse2(x);
    case MathFn::Tanh: return Sleef_cinz_tanhd2_u10sse2(x);
    case MathFn::Erf: return Sleef_cinz_erfd2_u10sse2(x);
    case MathFn::Pow:
    case MathFn::Atan2: break;
  }
  TDSL_ASSERT(false);
  return x;
}

template <class T>
T one(MathFn f, T x) {
  switch (f) {
    case MathFn::Exp: return scalar_math::exp(x);
    case MathFn::Expm1: return scalar_math::expm1(x);
    case MathFn::Log: return scalar_math::log(x);
    case MathFn::Log2: return scalar_math::log2(x);
    case MathFn::Log10: return scalar_math::log10(x);
    case MathFn::Log1p: return scalar_math::log1p(x);
    case MathFn::Sin: return scalar_math::sin(x);
    case MathFn::Cos: return scalar_math::cos(x);
    case MathFn::Tan: return scalar_math::tan(x);
    case MathFn::Asin: return scalar_math::asin(x);
    case MathFn::Acos: return scalar_math::acos(x);
    case MathFn::Atan: return scalar_math::atan(x);
    case MathFn::Sinh: return scalar_math::sinh(x);
    case MathFn::Cosh: return scalar_math::cosh(x);
    case MathFn::Tanh: return scalar_math::tanh(x);
    case MathFn::Erf: return scalar_math::erf(x);
    case MathFn::Pow:
    case MathFn::Atan2: break;
  }
  TDSL_ASSERT(false);
  return x;
}

bool cpuHasAvx() {
  static const bool has = __builtin_cpu_supports("avx");
  return has;
}

}  // namespace

void mapContiguous(MathFn f, const float* in, float* out, int64_t n) {
  int64_t i = cpuHasAvx() ? mapAvxBlocks(f, in, out, n) : 0;
  for (; i + 4 <= n; i += 4) _mm_storeu_ps(out + i, vec4(f, _mm_loadu_ps(in + i)));
  for (; i < n; ++i) out[i] = one(f, in[i]);
}

void mapContiguous(MathFn f, const double* in, double* out, int64_t n) {
  int64_t i = cpuHasAvx() ? mapAvxBlocks(f, in, out, n) : 0;
  for (; i + 2 <= n; i += 2) _mm_storeu_pd(out + i, vec2(f, _mm_loadu_pd(in + i)));
  for (; i < n; ++i) out[i] = one(f, in[i]);
}

}  // namespace tdsl::scalar_math
