// AArch64 lowering of a vector program (vector_program.h) with
// asmjit::a64::Compiler, for the NEON tier.
//
// Note [A64 kernels]
// The loops are those of Note [Kernel loops]: a vector loop over whole
// virtual vectors (8 float32 / 4 float64 lanes: two 128-bit NEON registers,
// 4 x f32 or 2 x f64 each) when no operand is Strided, then a one-lane loop
// (ldr/str of one S or D element) for the rest and for strided rows. Every
// op is one IEEE instruction per register as Note [Lane semantics] defines
// it: fadd fsub fmul fdiv fsqrt; fneg flips the sign bit (C's -x, NaNs
// included); comparisons are fcmgt / fcmge / fcmeq with swapped operands for
// < and <=, and mvn of fcmeq for !=; Select is bsl; Max / Min are
// (a > b ? a : b), then a where a is NaN (fmax/fmin would differ on NaN
// and on -0.0). No fmadd/fmla is ever emitted. Transcendentals call SLEEF
// (Note [SLEEF calls]): the family's AdvSIMD function per register, its
// lane function per lane.
// Debian's asmjit snapshot has AArch64 bugs (DESIGN.md §2.6), so:
// - no vector fmov with an immediate: constants are loaded (ld1r from
//   KernelArgs) or built in a general register and dup'ed (zero);
// - calls go through a register (blr), never to a label or address;
// - each call node says that it clobbers x30 and every vector register
//   (AAPCS64 keeps only the low 64 bits of v8-v15), so the register
//   allocator keeps no live value there across a call. Without it, a kernel
//   with ~30 integer values live across a call (pointers and strides of 16
//   operands) loses one kept in x30.
// A vector op or layout this lowering does not know is a codegen error:
// the group then runs on the reference path (Note [Fused kernel calls]).
#pragma once

#include <vector>

#include <asmjit/core.h>

#include "jit/vector_program.h"
#include "jit/x86_codegen.h"

namespace tdsl::jit {

// A NEON kernel placed in `rt` (an AArch64 runtime). With a null `rt`, or
// one of another architecture, the kernel is only assembled for AArch64
// (fn stays null, error empty): its assembly is in `assembly` with
// wantAssembly, so x86-64 hosts can test the lowering without running it.
CodegenResult compileA64Kernel(asmjit::JitRuntime* rt, const VectorProgram& program,
                               const std::vector<Layout>& layouts, bool wantAssembly);

}  // namespace tdsl::jit
