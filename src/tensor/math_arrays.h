// Transcendentals over contiguous arrays for the eager kernels: out[i] =
// f(in[i]) eight float32 / four float64 lanes at a time through SLEEF's AVX
// cinz variant when the CPU has AVX (math_arrays_avx.h), then four / two
// through the SSE2 one (the x86-64 baseline; AdvSIMD's on AArch64), the remainder through the
// scalar function of scalar_math.h. Both give the same bits (Note [SLEEF
// numerics]), so results do not depend on where a row starts or ends.
// in == out is allowed (each block is read before it is written).
#pragma once

#include <cstdint>

#include "tensor/math_fn.h"

namespace tdsl::scalar_math {

void mapContiguous(MathFn f, const float* in, float* out, int64_t n);
void mapContiguous(MathFn f, const double* in, double* out, int64_t n);

}  // namespace tdsl::scalar_math
