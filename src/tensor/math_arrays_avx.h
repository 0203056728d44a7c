// The AVX part of math_arrays.h: out[i] = f(in[i]) over whole blocks of
// 8 float32 / 4 float64 lanes, f being SLEEF's 32-byte entry of the host's
// family (sleef_table.h: cinz avx or finz avx2), passed in as `entry`;
// returns how many elements it wrote (the caller does the rest). Call only
// on a CPU with AVX (and AVX2 for a finz entry).
#pragma once

#include <cstdint>

namespace tdsl::scalar_math {

int64_t mapAvxBlocks(const void* entry, const float* in, float* out, int64_t n);
int64_t mapAvxBlocks(const void* entry, const double* in, double* out, int64_t n);

}  // namespace tdsl::scalar_math
