// The AVX part of math_arrays.h: out[i] = f(in[i]) over whole blocks of
// 8 float32 / 4 float64 lanes with SLEEF's AVX cinz variant; returns how many
// elements it wrote (the caller does the rest). Call only on a CPU with AVX.
// f is never Pow or Atan2.
#pragma once

#include <cstdint>

#include "tensor/math_fn.h"

namespace tdsl::scalar_math {

int64_t mapAvxBlocks(MathFn f, const float* in, float* out, int64_t n);
int64_t mapAvxBlocks(MathFn f, const double* in, double* out, int64_t n);

}  // namespace tdsl::scalar_math
