// SLEEF's entry points for every MathFn, per width, in the one family this
// process computes transcendentals with: eager (scalar_math.cpp,
// math_arrays*.cpp) and JIT kernels (jit/sleef_calls.h) read the same table.
//
// Note [SLEEF families]
// SLEEF builds each function in deterministic families whose vector lanes
// and scalar function give the same bits: cinz (no FMA: purec one lane,
// sse2 4 x f32 / 2 x f64, avx 8 x f32 / 4 x f64; advsimdnofma on AArch64)
// and finz (with FMA: purecfma, avx2128, avx2). finz runs about twice as
// fast (sin and cos of 10^7 float32: 23 ms against 45 ms on AMD EPYC with
// AVX2), so a CPU with AVX2 and FMA uses it; any other CPU, and AArch64 for
// now, uses cinz. The family is a fact of the machine, read once and never
// changed, so every kernel of a process (eager, the JIT's vector loops and
// lane loops, every ISA tier including a forced TDSL_ISA=sse2, whose 4-lane
// calls then run SLEEF's avx2128 code) computes each element with the same
// instructions. Two machines may differ in the last bit, as PyTorch's
// vectorized kernels do (they call finz avx2 on such CPUs too).
#pragma once

#include "tensor/math_fn.h"

namespace tdsl {

enum class SleefFamily : uint8_t { NoFma, Fma };
// One lane, the 16-byte vector (4 x f32 / 2 x f64: SSE2 / avx2128 / AdvSIMD)
// and the 32-byte one (8 x f32 / 4 x f64: x86-64 only).
enum class SleefWidth : uint8_t { Lane, Vec128, Vec256 };

// The family this machine uses (Note [SLEEF families]).
SleefFamily hostSleefFamily();
// Whether this CPU can run `family` (tests compare both where it can).
bool sleefFamilyRuns(SleefFamily family);

// The entry point of f for float64 or float32 at width w, cast by the caller
// to its real signature (T(T) or T(T, T) with T the lane or vector type);
// null for a width the architecture lacks (Vec256 off x86-64) or a family it
// cannot run.
const void* sleefEntry(SleefFamily family, MathFn f, bool f64, SleefWidth w);
inline const void* sleefEntry(MathFn f, bool f64, SleefWidth w) { return sleefEntry(hostSleefFamily(), f, f64, w); }

// An entry as the function type Fn it is.
template <class Fn>
Fn sleefAs(const void* entry) {
  return reinterpret_cast<Fn>(const_cast<void*>(entry));
}

}  // namespace tdsl
