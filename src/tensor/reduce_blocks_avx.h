// The AVX step 1 of Note [Reduction order] for runs of full blocks
// (reduce_blocks_avx.cpp), entered only on AVX CPUs.
#pragma once

#include <cstdint>

namespace tdsl {

// Writes the value of each of the `blocks` full kReduceBlock-element blocks
// at p to out[0..blocks), in the lanes and tree of Note [Reduction order].
// See Note [Vector block sums] for the bits.
void sumFullBlocksAvx(const float* p, int64_t blocks, float* out);
void sumFullBlocksAvx(const double* p, int64_t blocks, double* out);

}  // namespace tdsl
