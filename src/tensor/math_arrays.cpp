// Vectorized eager transcendentals (math_arrays.h).
#include "tensor/math_arrays.h"

#if defined(__x86_64__)
#include <emmintrin.h>
#elif defined(__aarch64__)
#include <arm_neon.h>
#endif
#include <sleef.h>

#include "support/diagnostics.h"
#include "tensor/math_arrays_avx.h"
#include "tensor/scalar_math.h"

namespace tdsl::scalar_math {

namespace {

// Note [Four-lane blocks]: SSE2 on x86-64 and AdvSIMD (SLEEF's advsimdnofma
// build) on AArch64 hold 4 float32 / 2 float64 lanes; their cinz variants
// equal the purec ones lane for lane (Note [SLEEF numerics]).
#if defined(__x86_64__)
using F4 = __m128;
using D2 = __m128d;
#define TDSL_SLEEF4(name) Sleef_cinz_##name##f4_u10sse2
#define TDSL_SLEEF2(name) Sleef_cinz_##name##d2_u10sse2
F4 load4(const float* p) { return _mm_loadu_ps(p); }
void store4(float* p, F4 v) { _mm_storeu_ps(p, v); }
D2 load2(const double* p) { return _mm_loadu_pd(p); }
void store2(double* p, D2 v) { _mm_storeu_pd(p, v); }
#elif defined(__aarch64__)
using F4 = float32x4_t;
using D2 = float64x2_t;
#define TDSL_SLEEF4(name) Sleef_cinz_##name##f4_u10advsimdnofma
#define TDSL_SLEEF2(name) Sleef_cinz_##name##d2_u10advsimdnofma
F4 load4(const float* p) { return vld1q_f32(p); }
void store4(float* p, F4 v) { vst1q_f32(p, v); }
D2 load2(const double* p) { return vld1q_f64(p); }
void store2(double* p, D2 v) { vst1q_f64(p, v); }
#endif

#if defined(TDSL_SLEEF4)
F4 vec4(MathFn f, F4 x) {
  switch (f) {
    case MathFn::Exp: return TDSL_SLEEF4(exp)(x);
    case MathFn::Expm1: return TDSL_SLEEF4(expm1)(x);
    case MathFn::Log: return TDSL_SLEEF4(log)(x);
    case MathFn::Log2: return TDSL_SLEEF4(log2)(x);
    case MathFn::Log10: return TDSL_SLEEF4(log10)(x);
    case MathFn::Log1p: return TDSL_SLEEF4(log1p)(x);
    case MathFn::Sin: return TDSL_SLEEF4(sin)(x);
    case MathFn::Cos: return TDSL_SLEEF4(cos)(x);
    case MathFn::Tan: return TDSL_SLEEF4(tan)(x);
    case MathFn::Asin: return TDSL_SLEEF4(asin)(x);
    case MathFn::Acos: return TDSL_SLEEF4(acos)(x);
    case MathFn::Atan: return TDSL_SLEEF4(atan)(x);
    case MathFn::Sinh: return TDSL_SLEEF4(sinh)(x);
    case MathFn::Cosh: return TDSL_SLEEF4(cosh)(x);
    case MathFn::Tanh: return TDSL_SLEEF4(tanh)(x);
    case MathFn::Erf: return TDSL_SLEEF4(erf)(x);
    case MathFn::Pow:
    case MathFn::Atan2: break;
  }
  TDSL_ASSERT(false);
  return x;
}

D2 vec2(MathFn f, D2 x) {
  switch (f) {
    case MathFn::Exp: return TDSL_SLEEF2(exp)(x);
    case MathFn::Expm1: return TDSL_SLEEF2(expm1)(x);
    case MathFn::Log: return TDSL_SLEEF2(log)(x);
    case MathFn::Log2: return TDSL_SLEEF2(log2)(x);
    case MathFn::Log10: return TDSL_SLEEF2(log10)(x);
    case MathFn::Log1p: return TDSL_SLEEF2(log1p)(x);
    case MathFn::Sin: return TDSL_SLEEF2(sin)(x);
    case MathFn::Cos: return TDSL_SLEEF2(cos)(x);
    case MathFn::Tan: return TDSL_SLEEF2(tan)(x);
    case MathFn::Asin: return TDSL_SLEEF2(asin)(x);
    case MathFn::Acos: return TDSL_SLEEF2(acos)(x);
    case MathFn::Atan: return TDSL_SLEEF2(atan)(x);
    case MathFn::Sinh: return TDSL_SLEEF2(sinh)(x);
    case MathFn::Cosh: return TDSL_SLEEF2(cosh)(x);
    case MathFn::Tanh: return TDSL_SLEEF2(tanh)(x);
    case MathFn::Erf: return TDSL_SLEEF2(erf)(x);
    case MathFn::Pow:
    case MathFn::Atan2: break;
  }
  TDSL_ASSERT(false);
  return x;
}
#endif

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

// Elements [0, i) that the AVX blocks wrote (x86-64 CPUs with AVX only).
template <class T>
int64_t avxPrefix(MathFn f, const T* in, T* out, int64_t n) {
#if defined(__x86_64__)
  static const bool has = __builtin_cpu_supports("avx");
  if (has) return mapAvxBlocks(f, in, out, n);
#endif
  return 0;
}

}  // namespace

void mapContiguous(MathFn f, const float* in, float* out, int64_t n) {
  int64_t i = avxPrefix(f, in, out, n);
#if defined(TDSL_SLEEF4)
  for (; i + 4 <= n; i += 4) store4(out + i, vec4(f, load4(in + i)));
#endif
  for (; i < n; ++i) out[i] = one(f, in[i]);
}

void mapContiguous(MathFn f, const double* in, double* out, int64_t n) {
  int64_t i = avxPrefix(f, in, out, n);
#if defined(TDSL_SLEEF2)
  for (; i + 2 <= n; i += 2) store2(out + i, vec2(f, load2(in + i)));
#endif
  for (; i < n; ++i) out[i] = one(f, in[i]);
}

}  // namespace tdsl::scalar_math
