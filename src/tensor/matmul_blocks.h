// Splitting large matrix products into interruptible blocks.
//
// Note [Blocked matmul]
// One BLAS call on 20000 x 20000 matrices runs for minutes and cannot poll
// the interrupt flag (Note [Interrupting kernels] in tensor.h), so
// C[m,n] = A[m,k] @ B[k,n] (row-major) is computed as blocks of whole rows of
// C, each one BLAS call of about kMatmulBlockWork multiply-adds, polling
// between blocks. Blocks never split K: every element of C stays one dot
// product over all of K. Columns are never split either: OpenBLAS's
// per-element summation depends on how it partitions the columns of
// row-major C (its M), even on one thread. Its packing of rows (its N) goes
// in panels of 12 or 24, so block edges fall on multiples of
// kMatmulRowQuantum: with OpenBLAS on one thread a blocked product is then
// bit-identical to the unblocked call (tests/unit/test_tensor_safety.cpp).
// On several threads OpenBLAS splits the rows of each call between them,
// and its results already depend on that split (they differ between thread
// counts); there a blocked product may differ from one unblocked call in the
// last bits. Eager and compiled code run this same kernel, so they agree.
// A block has at least kMatmulMinRows rows, so that BLAS still runs near full
// speed on it (2000 x 2000 products lost a quarter of their speed to 48-row
// blocks); products with fewer than twice that are one block.
#pragma once

#include <atomic>
#include <cstdint>

#include "tensor/tensor.h"

namespace tdsl {

// Note [BLAS threads]
// torch.set_num_threads(n) sets the threads of matmul's BLAS calls too, as in
// PyTorch, so "n threads" means the same thing for a product as for a fused
// kernel. OpenBLAS keeps one thread count per process, so every BLAS call
// first sets it to its interpreter's (useBlasThreads: one cheap query when it
// is already right); two interpreters with different counts in one process
// then each run on their own. OpenBLAS splits the rows of C between its
// threads and its sums depend on that split (Note [Blocked matmul]), so a
// product's last bits may change with the thread count — in PyTorch too. The
// fused kernels' results never do.
void useBlasThreads(const TensorState& state);

// About 0.1-0.3 s of one core's BLAS work.
constexpr int64_t kMatmulBlockWork = int64_t(1) << 28;
// A multiple of every panel width of OpenBLAS's x86-64 and arm64 kernels.
constexpr int64_t kMatmulRowQuantum = 48;
constexpr int64_t kMatmulMinRows = 8 * kMatmulRowQuantum;

struct MatmulBlock {
  int64_t row0, rows;  // rows [row0, row0 + rows) of C and A; every column
};

// Calls f(block) for row blocks that tile C exactly, in order, polling
// `interrupt` before each block.
template <class F>
void forEachMatmulBlock(int64_t m, int64_t k, int64_t n, std::atomic<bool>* interrupt, F&& f,
                        int64_t work = kMatmulBlockWork) {
  int64_t rowWork;  // multiply-adds per row of C
  if (__builtin_mul_overflow(n > 0 ? n : 1, k > 0 ? k : 1, &rowWork)) rowWork = INT64_MAX;
  int64_t rows = work / rowWork / kMatmulRowQuantum * kMatmulRowQuantum;
  if (rows < kMatmulMinRows) rows = kMatmulMinRows;
  const int64_t blocks = m / rows > 1 ? m / rows : 1;  // the remainder joins the last block
  for (int64_t b = 0; b < blocks; ++b) {
    pollInterrupt(interrupt);
    const int64_t row0 = b * rows;
    f(MatmulBlock{row0, b + 1 == blocks ? m - row0 : rows});
  }
}

}  // namespace tdsl
