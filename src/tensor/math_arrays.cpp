// Vectorized eager transcendentals (math_arrays.h).
#include "tensor/math_arrays.h"

#if defined(__x86_64__)
#include <emmintrin.h>
#elif defined(__aarch64__)
#include <arm_neon.h>
#endif
#include <type_traits>

#include "support/diagnostics.h"
#include "tensor/math_arrays_avx.h"
#include "tensor/sleef_table.h"

namespace tdsl::scalar_math {

namespace {

// Note [Four-lane blocks]: the 16-byte vectors of SSE2 / avx2128 on x86-64
// and AdvSIMD on AArch64 hold 4 float32 / 2 float64 lanes; each equals the
// lane function of its family lane for lane (Note [SLEEF families]).
#if defined(__x86_64__)
using F4 = __m128;
using D2 = __m128d;
F4 load4(const float* p) { return _mm_loadu_ps(p); }
void store4(float* p, F4 v) { _mm_storeu_ps(p, v); }
D2 load2(const double* p) { return _mm_loadu_pd(p); }
void store2(double* p, D2 v) { _mm_storeu_pd(p, v); }
#elif defined(__aarch64__)
using F4 = float32x4_t;
using D2 = float64x2_t;
F4 load4(const float* p) { return vld1q_f32(p); }
void store4(float* p, F4 v) { vst1q_f32(p, v); }
D2 load2(const double* p) { return vld1q_f64(p); }
void store2(double* p, D2 v) { vst1q_f64(p, v); }
#endif
#if defined(__x86_64__) || defined(__aarch64__)
#define TDSL_FOUR_LANE_BLOCKS 1
#endif

// Elements [0, i) that the AVX blocks wrote (x86-64 CPUs with AVX only).
template <class T>
int64_t avxPrefix(MathFn f, const T* in, T* out, int64_t n) {
#if defined(__x86_64__)
  static const bool has = __builtin_cpu_supports("avx");
  if (has) return mapAvxBlocks(sleefEntry(f, std::is_same<T, double>::value, SleefWidth::Vec256), in, out, n);
#endif
  return 0;
}

template <class T>
T (*laneFunction(MathFn f))(T) {
  return sleefAs<T (*)(T)>(sleefEntry(f, std::is_same<T, double>::value, SleefWidth::Lane));
}

}  // namespace

void mapContiguous(MathFn f, const float* in, float* out, int64_t n) {
  TDSL_ASSERT(mathFnArity(f) == 1);
  int64_t i = avxPrefix(f, in, out, n);
#if defined(TDSL_FOUR_LANE_BLOCKS)
  const auto four = sleefAs<F4 (*)(F4)>(sleefEntry(f, false, SleefWidth::Vec128));
  for (; i + 4 <= n; i += 4) store4(out + i, four(load4(in + i)));
#endif
  const auto one = laneFunction<float>(f);
  for (; i < n; ++i) out[i] = one(in[i]);
}

void mapContiguous(MathFn f, const double* in, double* out, int64_t n) {
  TDSL_ASSERT(mathFnArity(f) == 1);
  int64_t i = avxPrefix(f, in, out, n);
#if defined(TDSL_FOUR_LANE_BLOCKS)
  const auto two = sleefAs<D2 (*)(D2)>(sleefEntry(f, true, SleefWidth::Vec128));
  for (; i + 2 <= n; i += 2) store2(out + i, two(load2(in + i)));
#endif
  const auto one = laneFunction<double>(f);
  for (; i < n; ++i) out[i] = one(in[i]);
}

}  // namespace tdsl::scalar_math
