// x86-64 lowering of a vector program (vector_program.h) with
// asmjit::x86::Compiler, for the SSE2 and AVX2 tiers.
//
// Note [Kernel loops]
// A kernel walks [begin, end) of one row. One index register counts the
// elements done; a contiguous operand is addressed at its fixed pointer
// (moved to `begin` once) plus that index times its element size, so the
// loops move no pointers but strided ones. When no operand is Strided, a
// vector loop handles whole virtual vectors (32 bytes: one YMM on AVX2, two
// XMM on SSE2; Broadcast operands and constants are broadcast once before
// it), two copies of the body per iteration (the second at the next
// vector's displacement) and then single vectors; a body that calls SLEEF
// runs one copy (a call clobbers every vector register and costs far more
// than the loop). The remaining elements, and every element when some
// operand is Strided, go through a one-lane loop that runs the same
// instructions on XMM registers holding one element (movss/movsd loads and
// stores). Every path computes each lane with the same IEEE instructions
// (Note [Lane semantics]), lanes never combine, so results do not depend on
// the path; no FMA is ever emitted.
// Programs with gathers or indexed stores run every element through the
// one-lane loop: an index is read as an int64 from the index operand, times
// the data operand's stride, added to its fixed base. Mixed programs (Note
// [Mixed dtypes] in vector_program.h) run every element through the
// one-lane loop too, each op at its own width (movss / movsd, movq / movd,
// a byte for bool), conversions with cvt* and general registers; unless one
// reads a broadcast bool they also get the vector loop (Note [Mixed
// vectors] in x86_codegen.cpp: 8 elements per vector when some value has
// 4-byte lanes, a value of 8-byte lanes then in two virtual vectors), lane
// for lane the same bits.
// AVX2 kernels mark their frame AVX-enabled (spills of YMM registers) and
// end with vzeroupper (setAvxCleanup), as DESIGN.md §2.6 requires.
#pragma once

#include <string>
#include <vector>

#include <asmjit/x86.h>

#include "jit/isa.h"
#include "jit/kernel_args.h"
#include "jit/vector_program.h"

namespace tdsl::jit {

// How an operand's elements sit along the row (part of the cache key).
// Indexed: a data operand addressed through an index operand (Note
// [Indexed access] in vector_program.h); its stride is its dim-0 stride.
enum class Layout : uint8_t { Contiguous, Broadcast, Strided, Indexed };
char layoutLetter(Layout l);  // 'c', 'b', 's', 'i'

struct CodegenResult {
  KernelFn fn = nullptr;  // null on failure
  std::string error;      // why, when fn is null
  std::string assembly;   // with wantAssembly
};

CodegenResult compileX86Kernel(asmjit::JitRuntime& rt, const VectorProgram& program,
                               const std::vector<Layout>& layouts, IsaTier tier, bool wantAssembly);

}  // namespace tdsl::jit
