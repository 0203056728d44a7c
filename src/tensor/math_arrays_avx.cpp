// The AVX blocks of math_arrays.cpp. This file alone is compiled with -mavx
// (so __m256 travels in ymm registers, SLEEF's convention) and is entered
// only when the CPU has AVX; it includes nothing whose inline functions it
// would emit, so no AVX code can stand in for a baseline copy elsewhere.
#if defined(__x86_64__)  // an empty unit elsewhere
#include "tensor/math_arrays_avx.h"

#include <immintrin.h>

namespace tdsl::scalar_math {

int64_t mapAvxBlocks(const void* entry, const float* in, float* out, int64_t n) {
  const auto f = reinterpret_cast<__m256 (*)(__m256)>(const_cast<void*>(entry));
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) _mm256_storeu_ps(out + i, f(_mm256_loadu_ps(in + i)));
  _mm256_zeroupper();
  return i;
}

int64_t mapAvxBlocks(const void* entry, const double* in, double* out, int64_t n) {
  const auto f = reinterpret_cast<__m256d (*)(__m256d)>(const_cast<void*>(entry));
  int64_t i = 0;
  for (; i + 4 <= n; i += 4) _mm256_storeu_pd(out + i, f(_mm256_loadu_pd(in + i)));
  _mm256_zeroupper();
  return i;
}

}  // namespace tdsl::scalar_math

#endif  // __x86_64__
