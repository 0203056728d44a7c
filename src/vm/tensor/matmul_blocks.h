// Splitting large matrix products into interruptible blocks.
//
// Note [Blocked matmul]
// One BLAS call on 20000 x 20000 matrices runs for minutes and cannot poll
// the interrupt flag (Note [Interrupting kernels] in tensor.h), so
// C[m,n] = A[m,k] @ B[k,n] is computed in blocks of whole rows of C (or, when
// C has too few rows, of whole columns), each one BLAS call of about
// kMatmulBlockWork multiply-adds, polling between blocks. Blocks never split
// K: every element of C is still one dot product over all of K, computed by
// the same kernel as in the unblocked call (OpenBLAS partitions M and N, never
// K, between its own threads and blocks), so results are bit-identical to
// the unblocked product. Every block, the last included, has at least the
// nominal number of rows or columns (the remainder joins the last block), so
// no block is small enough for BLAS to pick a different small-matrix path.
#pragma once

#include <atomic>
#include <cstdint>

#include "vm/tensor/tensor.h"

namespace tdsl {

// About 20-100 ms of one core's BLAS work.
constexpr int64_t kMatmulBlockWork = int64_t(1) << 26;
// Block edges fall on multiples of this, a multiple of every BLAS kernel's
// unroll factor, so each element of C keeps its place in BLAS's micro-tiles.
constexpr int64_t kMatmulMinTile = 256;

struct MatmulBlock {
  int64_t row0, rows;  // rows [row0, row0 + rows) of C and A
  int64_t col0, cols;  // columns [col0, col0 + cols) of C and B
};

namespace detail {
inline int64_t saturatingMul(int64_t a, int64_t b) {
  int64_t r;
  return __builtin_mul_overflow(a, b, &r) ? INT64_MAX : r;
}
// Units of `unitWork` per block: a multiple of `tile` of at most `budget`
// work, at least `tile`, at most `extent`.
inline int64_t unitsPerBlock(int64_t budget, int64_t unitWork, int64_t extent, int64_t tile) {
  int64_t units = budget / unitWork / tile * tile;
  if (units < tile) units = tile;
  return units < extent ? units : extent;
}
}  // namespace detail

// Calls f(block) for blocks that tile C exactly (row blocks outer, column
// blocks inner), polling `interrupt` before each block.
template <class F>
void forEachMatmulBlock(int64_t m, int64_t k, int64_t n, std::atomic<bool>* interrupt, F&& f,
                        int64_t work = kMatmulBlockWork, int64_t tile = kMatmulMinTile) {
  if (m == 0 || n == 0) {
    f(MatmulBlock{0, m, 0, n});
    return;
  }
  const int64_t kk = k > 0 ? k : 1;
  const int64_t rows = detail::unitsPerBlock(work, detail::saturatingMul(n, kk), m, tile);
  const int64_t cols = detail::unitsPerBlock(work, detail::saturatingMul(rows, kk), n, tile);
  const int64_t rowBlocks = m / rows, colBlocks = n / cols;  // the remainders join the last blocks
  for (int64_t rb = 0; rb < rowBlocks; ++rb) {
    const int64_t row0 = rb * rows;
    const int64_t r = rb + 1 == rowBlocks ? m - row0 : rows;
    for (int64_t cb = 0; cb < colBlocks; ++cb) {
      pollInterrupt(interrupt);
      const int64_t col0 = cb * cols;
      f(MatmulBlock{row0, r, col0, cb + 1 == colBlocks ? n - col0 : cols});
    }
  }
}

}  // namespace tdsl
