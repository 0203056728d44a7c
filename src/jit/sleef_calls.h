// Addresses of SLEEF's functions for JIT kernels.
//
// Note [SLEEF calls]
// A kernel applies a MathFn (Call1 / Call2 of vector_program.h) by calling
// SLEEF's deterministic no-FMA variant for what it holds: one lane (the
// lane loop: tails and strided rows) calls the purec function eager calls
// (tensor/scalar_math.cpp); an SSE2 vector half calls the sse2 one (4 x f32
// / 2 x f64), an AVX2 vector the avx one (8 x f32 / 4 x f64; SLEEF's AVX
// build needs no AVX2). Their lanes agree bit for bit (Note [SLEEF numerics]),
// so kernels equal eager on every tier and path. The functions take and
// return their operands in xmm0/xmm1 (ymm0/ymm1), SysV's vector convention.
// On AArch64 a NEON register (4 x f32 / 2 x f64) calls SLEEF's advsimdnofma
// build (v0/v1, AAPCS64), the lane loop the purec one, as on x86-64.
#pragma once

#include "tensor/math_fn.h"

namespace tdsl::jit {

enum class SleefWidth : uint8_t { Lane, Sse2, Avx, AdvSimd };

// The function's entry point: never null for a MathFn and a width of this
// machine's architecture (Lane, Sse2, Avx on x86-64; Lane, AdvSimd on AArch64).
const void* sleefFunction(MathFn f, bool f64, SleefWidth w);

}  // namespace tdsl::jit
