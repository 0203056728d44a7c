// Transcendentals over contiguous arrays for the eager kernels: out[i] =
// f(in[i]) eight float32 / four float64 lanes at a time through SLEEF's
// 32-byte variant of the host's family when the CPU has AVX
// (math_arrays_avx.h), then four / two through the 16-byte one (SSE2 or
// avx2128 on x86-64, AdvSIMD on AArch64), the remainder through the lane
// function scalar_math.h calls. All give the same bits (Note [SLEEF
// families]), so results do not depend on where a row starts or ends.
// in == out is allowed (each block is read before it is written).
#pragma once

#include <cstdint>

#include "tensor/math_fn.h"

namespace tdsl::scalar_math {

void mapContiguous(MathFn f, const float* in, float* out, int64_t n);
void mapContiguous(MathFn f, const double* in, double* out, int64_t n);

}  // namespace tdsl::scalar_math
