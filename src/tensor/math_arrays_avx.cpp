// The AVX blocks of math_arrays.cpp. This file alone is compiled with -mavx
// (sleef.h declares the AVX variants only then) and is entered only when the
// CPU has AVX; it includes nothing whose inline functions it would emit, so
// no AVX code can stand in for a baseline copy elsewhere.
#if defined(__x86_64__)  // an empty unit elsewhere
#include "tensor/math_arrays_avx.h"

#include <immintrin.h>
#include <sleef.h>

namespace tdsl::scalar_math {

int64_t mapAvxBlocks(MathFn f, const float* in, float* out, int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m256 x = _mm256_loadu_ps(in + i);
    __m256 r;
    switch (f) {
      case MathFn::Exp: r = Sleef_cinz_expf8_u10avx(x); break;
      case MathFn::Expm1: r = Sleef_cinz_expm1f8_u10avx(x); break;
      case MathFn::Log: r = Sleef_cinz_logf8_u10avx(x); break;
      case MathFn::Log2: r = Sleef_cinz_log2f8_u10avx(x); break;
      case MathFn::Log10: r = Sleef_cinz_log10f8_u10avx(x); break;
      case MathFn::Log1p: r = Sleef_cinz_log1pf8_u10avx(x); break;
      case MathFn::Sin: r = Sleef_cinz_sinf8_u10avx(x); break;
      case MathFn::Cos: r = Sleef_cinz_cosf8_u10avx(x); break;
      case MathFn::Tan: r = Sleef_cinz_tanf8_u10avx(x); break;
      case MathFn::Asin: r = Sleef_cinz_asinf8_u10avx(x); break;
      case MathFn::Acos: r = Sleef_cinz_acosf8_u10avx(x); break;
      case MathFn::Atan: r = Sleef_cinz_atanf8_u10avx(x); break;
      case MathFn::Sinh: r = Sleef_cinz_sinhf8_u10avx(x); break;
      case MathFn::Cosh: r = Sleef_cinz_coshf8_u10avx(x); break;
      case MathFn::Tanh: r = Sleef_cinz_tanhf8_u10avx(x); break;
      case MathFn::Erf: r = Sleef_cinz_erff8_u10avx(x); break;
      default: return i;
    }
    _mm256_storeu_ps(out + i, r);
  }
  _mm256_zeroupper();
  return i;
}

int64_t mapAvxBlocks(MathFn f, const double* in, double* out, int64_t n) {
  int64_t i = 0;
  for (; i + 4 <= n; i += 4) {
    const __m256d x = _mm256_loadu_pd(in + i);
    __m256d r;
    switch (f) {
      case MathFn::Exp: r = Sleef_cinz_expd4_u10avx(x); break;
      case MathFn::Expm1: r = Sleef_cinz_expm1d4_u10avx(x); break;
      case MathFn::Log: r = Sleef_cinz_logd4_u10avx(x); break;
      case MathFn::Log2: r = Sleef_cinz_log2d4_u10avx(x); break;
      case MathFn::Log10: r = Sleef_cinz_log10d4_u10avx(x); break;
      case MathFn::Log1p: r = Sleef_cinz_log1pd4_u10avx(x); break;
      case MathFn::Sin: r = Sleef_cinz_sind4_u10avx(x); break;
      case MathFn::Cos: r = Sleef_cinz_cosd4_u10avx(x); break;
      case MathFn::Tan: r = Sleef_cinz_tand4_u10avx(x); break;
      case MathFn::Asin: r = Sleef_cinz_asind4_u10avx(x); break;
      case MathFn::Acos: r = Sleef_cinz_acosd4_u10avx(x); break;
      case MathFn::Atan: r = Sleef_cinz_atand4_u10avx(x); break;
      case MathFn::Sinh: r = Sleef_cinz_sinhd4_u10avx(x); break;
      case MathFn::Cosh: r = Sleef_cinz_coshd4_u10avx(x); break;
      case MathFn::Tanh: r = Sleef_cinz_tanhd4_u10avx(x); break;
      case MathFn::Erf: r = Sleef_cinz_erfd4_u10avx(x); break;
      default: return i;
    }
    _mm256_storeu_pd(out + i, r);
  }
  _mm256_zeroupper();
  return i;
}

}  // namespace tdsl::scalar_math

#endif  // __x86_64__
