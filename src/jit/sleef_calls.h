// How JIT kernels call SLEEF.
//
// Note [SLEEF calls]
// A kernel applies a MathFn (Call1 / Call2 of vector_program.h) by calling
// the entry of tensor/sleef_table.h that eager calls for the same data, in
// the host's family (Note [SLEEF families]): one lane (the lane loop: tails
// and strided rows) calls the Lane entry scalar_math.cpp calls; an SSE2
// vector half the Vec128 one (4 x f32 / 2 x f64), an AVX2 vector the Vec256
// one (8 x f32 / 4 x f64). Their lanes agree bit for bit, so kernels equal
// eager on every tier and path. The functions take and return their
// operands in xmm0/xmm1 (ymm0/ymm1), SysV's vector convention. On AArch64 a
// NEON register (4 x f32 / 2 x f64) calls the Vec128 entry (v0/v1, AAPCS64),
// the lane loop the Lane one, as on x86-64.
#pragma once

#include "tensor/sleef_table.h"
